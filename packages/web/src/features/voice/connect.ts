import type { VoiceMediaState, VoiceMember } from '@parley/protocol';
import { acceptCall, callUser, cancelCall, joinVoice, leaveVoice } from '../../lib/api';
import type { CallTarget } from './active-call';

/** The callee is in another call (or rings elsewhere): nothing was joined. */
export class CallBusy extends Error {}

export interface Connected {
  room: string;
  members: VoiceMember[];
  /** A DM call placed by this tab that the other side has not answered yet. */
  ringing: boolean;
}

/**
 * Enters the target's room: joins a channel's room, rings a DM's other side (the caller waits in
 * the room), or answers a ring (docs/voice.md).
 */
export async function connect(
  target: CallTarget,
  self: VoiceMember,
  state: VoiceMediaState,
): Promise<Connected> {
  if (target.kind === 'group') {
    return { ...(await joinVoice({ gid: target.gid, ...state })), ringing: false };
  }
  if (target.role === 'callee') {
    return { ...(await acceptCall({ uid: target.uid, video: state.video })), ringing: false };
  }
  const reply = await callUser({ uid: target.uid, video: state.video });
  if (reply.state === 'busy') throw new CallBusy();
  return { room: reply.room, members: [self], ringing: true };
}

/** Leaves the room; a caller hangs up with `cancel`, which records a missed call if unanswered. */
export function disconnect(target: CallTarget): Promise<unknown> {
  return target.kind === 'dm' && target.role === 'caller' ? cancelCall({ uid: target.uid }) : leaveVoice();
}
