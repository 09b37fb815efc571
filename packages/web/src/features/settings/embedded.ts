/** Whether the client runs framed in the compact layout (`?embed=1`, docs/embedding.md; set by index.html). */
export const isEmbedded = (): boolean => document.documentElement.dataset.embed === '1';
