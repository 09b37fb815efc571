/** Uploads (docs/deploy.md, "Files"): the largest file, how long an unfinished upload is kept, image limits. */
type Env = Record<string, string | undefined>;

export interface FilesConfig {
  /** The largest file in bytes; the chunk that crosses it is answered 413. */
  maxBytes: number;
  /** An upload with no new chunk for this long is abandoned and deleted (upstream: 300 s). */
  uploadTimeoutMs: number;
  /** Images with more pixels are refused (decompression bombs). */
  imageMaxPixels: number;
  /** Images up to this size get dimensions, a thumbnail and stripped metadata; larger ones are plain files. */
  imageMaxBytes: number;
}

export function parseFiles(env: Env, problems: string[]): FilesConfig {
  return {
    maxBytes: whole('FILE_MAX_BYTES', env.FILE_MAX_BYTES, 2_000_000_000, problems),
    uploadTimeoutMs: whole('UPLOAD_TIMEOUT_SECONDS', env.UPLOAD_TIMEOUT_SECONDS, 300, problems) * 1000,
    imageMaxPixels: whole('IMAGE_MAX_PIXELS', env.IMAGE_MAX_PIXELS, 50_000_000, problems),
    imageMaxBytes: whole('IMAGE_MAX_BYTES', env.IMAGE_MAX_BYTES, 30_000_000, problems),
  };
}

function whole(name: string, raw: string | undefined, d: number, problems: string[]): number {
  if (raw === undefined || raw.trim() === '') return d;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) {
    problems.push(`${name} must be a positive whole number (got "${raw}")`);
    return d;
  }
  return n;
}
