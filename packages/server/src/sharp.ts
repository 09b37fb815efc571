import { lazyModule } from './lazy-module.js';

/**
 * sharp (libvips), loaded on the first image processed rather than at start: it adds 18 MB of RSS
 * to a server that may never process an image. One loader for avatars, logos and uploads.
 */
export const loadSharp = lazyModule(async () => (await import('sharp')).default);
