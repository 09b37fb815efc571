import type { Ctx } from '../context.js';
import * as agora from '../services/agora.js';
import * as calls from '../services/calls.js';
import * as voiceConfig from '../services/voice-config.js';
import * as rooms from '../services/voice-rooms.js';
import * as sfu from '../services/voice-sfu.js';
import type { Handlers } from './register.js';

/** Agora compatibility and Parley's own calls (issue 15, docs/voice.md). */
export const voiceHandlers = (ctx: Ctx) =>
  ({
    getAgoraConfig: (req) => agora.getAgoraConfig(ctx, req.actor),
    setAgoraConfig: (req) => agora.setAgoraConfig(ctx, req.actor, req.body),
    createAgoraToken: (req) => agora.createAgoraToken(ctx, req.actor, req.body),
    getGroupAgoraToken: (req) => agora.createAgoraToken(ctx, req.actor, { gid: req.params.gid }),
    listAgoraChannels: (req) => agora.listAgoraChannels(ctx, req.params.page_no, req.params.page_size),
    getAgoraChannelUsers: (req) => agora.getAgoraChannelUsers(ctx, req.params.name),
    getVoiceConfig: (req) => voiceConfig.getVoiceConfig(ctx, req.actor),
    setVoiceConfig: (req) => voiceConfig.setVoiceConfig(ctx, req.actor, req.body),
    getVoiceIce: (req) => voiceConfig.getVoiceIce(ctx, req.actor),
    listVoiceRooms: (req) => rooms.listVoiceRooms(ctx, req.actor),
    joinVoice: (req) => rooms.joinVoice(ctx, req.actor, req.body),
    leaveVoice: (req) => rooms.leaveVoice(ctx, req.actor),
    setVoiceState: (req) => rooms.setVoiceState(ctx, req.actor, req.body),
    sendVoiceSignal: (req) => rooms.sendVoiceSignal(ctx, req.actor, req.body),
    callUser: (req) => calls.callUser(ctx, req.actor, req.body),
    acceptCall: (req) => calls.acceptCall(ctx, req.actor, req.body),
    declineCall: (req) => calls.declineCall(ctx, req.actor, req.body),
    cancelCall: (req) => calls.cancelCall(ctx, req.actor, req.body),
    publishVoiceSfu: (req) => sfu.publishSfu(ctx, req.actor, req.body),
    subscribeVoiceSfu: (req) => sfu.subscribeSfu(ctx, req.actor, req.body),
    startVoiceSfu: (req) => sfu.startSfu(ctx, req.actor, req.body),
    trickleVoiceSfu: (req) => sfu.trickleSfu(ctx, req.actor, req.body),
  }) satisfies Partial<Handlers>;
