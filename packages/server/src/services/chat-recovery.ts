/**
 * Rebuilds the envelopes of chat records a node missed on the bus (their publisher died between
 * commit and publish), from the database, with today's audience of each conversation.
 */
import type { Envelope } from '../realtime/bus.js';
import type { SequencerSource } from '../realtime/sequencer.js';
import type { Store } from '../store/types.js';
import { groupAudience, usersAudience } from './audience.js';

const PAGE = 500;

export function chatRecoverySource(store: Store): SequencerSource {
  return {
    latestMid: () => store.messages.maxMid(),
    async recover(afterMid, throughMid) {
      const out: Envelope[] = [];
      for (let cursor = afterMid; ;) {
        const batch = await store.messages.listRange(cursor, throughMid, PAGE);
        const gids = [...new Set(batch.flatMap((m) => ('gid' in m.target ? [m.target.gid] : [])))];
        const groups = new Map(
          (await Promise.all(gids.map((gid) => store.groups.get(gid)))).flatMap((g) =>
            g ? [[g.gid, g]] : [],
          ),
        );
        const members = await store.groups.membersOf(gids);
        for (const message of batch) {
          const { target } = message;
          if ('gid' in target) {
            const group = groups.get(target.gid);
            // A channel deleted since: its records are no longer served to anyone.
            if (!group) continue;
            out.push({
              audience: groupAudience(group, members.get(group.gid) ?? []),
              event: { type: 'chat', ...message },
            });
          } else {
            out.push({
              audience: usersAudience(message.from_uid, target.uid),
              event: { type: 'chat', ...message },
            });
          }
        }
        if (batch.length < PAGE) return out;
        cursor = batch.at(-1)!.mid;
      }
    },
  };
}
