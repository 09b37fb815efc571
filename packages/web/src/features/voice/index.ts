export { VoiceButton, VoiceDock } from './voice-dock';
