import type {
  AgoraConfig,
  CallPeerRequest,
  JoinVoiceRequest,
  SendVoiceSignalRequest,
  SfuPublishRequest,
  SfuStartRequest,
  SfuSubscribeRequest,
  SfuTrickleRequest,
  VoiceConfig,
  VoiceMediaState,
} from '@parley/protocol';
import { call } from '../call';

/** Calls (docs/voice.md): settings, ICE servers, rooms and signalling. */
export const getVoiceConfig = () => call('getVoiceConfig');
export const setVoiceConfig = (config: VoiceConfig) => call('setVoiceConfig', { body: config });
export const getAgoraConfig = () => call('getAgoraConfig');
export const setAgoraConfig = (config: AgoraConfig) => call('setAgoraConfig', { body: config });
export const getVoiceIce = () => call('getVoiceIce');
export const listVoiceRooms = () => call('listVoiceRooms', {}, { errors: { default: null } });
export const joinVoice = (body: JoinVoiceRequest) => call('joinVoice', { body });
/** Leaving, keep-alives and signals are retried by the next action; they never toast. */
export const leaveVoice = () => call('leaveVoice', {}, { errors: { default: null } });
export const setVoiceState = (body: VoiceMediaState) =>
  call('setVoiceState', { body }, { errors: { default: null } });
export const sendVoiceSignal = (body: SendVoiceSignalRequest) =>
  call('sendVoiceSignal', { body }, { errors: { default: null } });
/** DM calls: ring, answer, refuse, hang up before an answer (a missed call in the DM). */
export const callUser = (body: CallPeerRequest) => call('callUser', { body });
export const acceptCall = (body: CallPeerRequest) => call('acceptCall', { body });
export const declineCall = (body: CallPeerRequest) =>
  call('declineCall', { body }, { errors: { default: null } });
export const cancelCall = (body: CallPeerRequest) =>
  call('cancelCall', { body }, { errors: { default: null } });
/**
 * Rooms on the SFU: the member's sending connection (a failure toasts: the call cannot go on) and
 * one receiving connection per other member, signalled through Parley.
 */
export const publishVoiceSfu = (body: SfuPublishRequest) => call('publishVoiceSfu', { body });
export const subscribeVoiceSfu = (body: SfuSubscribeRequest) =>
  call('subscribeVoiceSfu', { body }, { errors: { default: null } });
export const startVoiceSfu = (body: SfuStartRequest) =>
  call('startVoiceSfu', { body }, { errors: { default: null } });
export const trickleVoiceSfu = (body: SfuTrickleRequest) =>
  call('trickleVoiceSfu', { body }, { errors: { default: null } });
