import './search.css';

export { SearchLauncher } from './search-launcher';
export { TypingIndicator } from './typing-indicator';
export { useJumpToMessage } from './use-jump-to-message';
