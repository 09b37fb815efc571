import type { VoiceMediaState, VoiceMember } from '@parley/protocol';
import { acceptCall, callUser, cancelCall, joinVoice, leaveVoice } from '../../lib/api';
import type { CallTarget } from './active-call';

/** The callee is in another call (or rings elsewhere): nothing was joined. */
export class CallBusy extends Error {}
/** A reloaded DM call that the other side has left meanwhile: nothing to rejoin. */
export class CallOver extends Error {}

export interface Connected {
  room: string;
  members: VoiceMember[];
  /** A DM call placed by this tab that the other side has not answered yet. */
  ringing: boolean;
  /** The room runs on the SFU; `feeds`: the members whose media is up there. */
  sfu?: { feeds: number[] };
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
  const rejoin = target.role === 'rejoin';
  const reply = await callUser({ uid: target.uid, video: state.video, ...(rejoin && { rejoin }) });
  if (reply.state === 'busy') throw new CallBusy();
  // The other side waited in the room (a rejoin, or they were ringing us): connected at once.
  if (reply.state === 'accepted')
    return { room: reply.room, members: reply.members ?? [self], ringing: false };
  if (reply.state !== 'ringing') throw new CallOver();
  return { room: reply.room, members: [self], ringing: true };
}

/**
 * Leaves the room. A DM call hangs up with `cancel`: a missed call if unanswered, and once
 * answered it tells the other side the call is over (`voice_call ended`) rather than reloading.
 */
export function disconnect(target: CallTarget): Promise<unknown> {
  return target.kind === 'dm' ? cancelCall({ uid: target.uid }) : leaveVoice();
}
