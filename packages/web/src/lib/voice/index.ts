/**
 * The stream's call events (`voice_*`, `user_calling`) for the voice feature, which loads on first
 * use: this tiny relay stays in the first screen, the WebRTC code does not (docs/voice.md).
 */
import type { ServerEvent } from '@parley/protocol';

export type VoiceEvent = Extract<
  ServerEvent,
  {
    type:
      | 'voice_room_changed'
      | 'voice_signal'
      | 'voice_ended'
      | 'voice_call'
      | 'voice_sfu_feed'
      | 'user_calling';
  }
>;

const listeners = new Set<(event: VoiceEvent) => void>();

const isVoiceEvent = (event: ServerEvent): event is VoiceEvent =>
  event.type.startsWith('voice_') || event.type === 'user_calling';

export function noteVoiceEvent(event: ServerEvent) {
  if (!isVoiceEvent(event)) return;
  for (const listener of listeners) listener(event);
}

export function onVoiceEvent(listener: (event: VoiceEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
