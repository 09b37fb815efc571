import './previews.css';

export { LinkPreview } from './link-preview-slot';
export { channelPreviewsOn, withChannelPreviews } from './channel-previews';
export type { CodeLabels } from './highlight';
/** highlight.js in its own chunk: loaded when the first Markdown code block is shown. */
export const loadCodeEnhancer = () => import('./highlight').then((m) => m.enhanceCodeBlocks);
export { showImageOnClick } from './show-image';
