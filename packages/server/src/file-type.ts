import { lazyModule } from './lazy-module.js';

/**
 * file-type and its tokenizers, loaded on the first upload or link preview that sniffs bytes
 * rather than at start: in the bundle of `npm start` it is a chunk a server at rest never reads
 * (docs/benchmarks.md, "Idle RSS: loaded on first use").
 */
const loadFileType = lazyModule(() => import('file-type'));

/** The MIME type the bytes show, or undefined when file-type does not recognise them. */
export async function sniffMime(data: Uint8Array): Promise<string | undefined> {
  return (await (await loadFileType()).fileTypeFromBuffer(data))?.mime;
}
