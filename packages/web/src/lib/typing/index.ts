export {
  clearTyping,
  noteTypingEvent,
  resetTypingSignal,
  shouldSignalTyping,
  TYPING_SEND_EVERY_MS,
  TYPING_SHOW_MS,
  useTypingUsers,
} from './typing-store';
