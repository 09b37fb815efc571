export { IncomingCall } from './incoming-call';
export { MissedCall, isMissedCall } from './missed-call';
export { CallButton, VoiceButton, VoiceDock } from './voice-dock';
