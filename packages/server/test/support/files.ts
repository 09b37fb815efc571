/** Uploads as the VoceChat web client makes them (API.md §7.1): prepare, then 1,000,000-byte chunks. */
import { FILE_CHUNK_MAX_BYTES, type UploadedFile } from '@parley/protocol';
import type { ApiClient, TestResponse, TestUser } from './server.js';

/** A multipart body with the three parts in the web client's order (plus Parley's optional offset). */
export function chunkBody(
  fileId: string,
  data: Buffer,
  isLast: boolean,
  extra: Record<string, string> = {},
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const body = Buffer.concat([
    field('file_id', fileId),
    ...Object.entries(extra).map(([k, v]) => field(k, v)),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="chunk_data"; filename="blob"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    ),
    data,
    Buffer.from('\r\n'),
    field('chunk_is_last', String(isLast)),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function prepare(
  t: ApiClient,
  user: TestUser,
  filename: string,
  contentType = 'application/octet-stream',
): Promise<string> {
  const res = await t.request('POST', '/resource/file/prepare', {
    token: user.token,
    json: { content_type: contentType, filename },
  });
  if (res.status !== 200) throw new Error(`prepare failed: ${res.status} ${res.text}`);
  return res.json as string;
}

export function sendChunk(
  t: ApiClient,
  user: TestUser,
  fileId: string,
  data: Buffer,
  isLast: boolean,
  extra?: Record<string, string>,
): Promise<TestResponse> {
  return t.request('POST', '/resource/file/upload', {
    token: user.token,
    ...chunkBody(fileId, data, isLast, extra),
  });
}

/** Prepares and uploads `data` in chunks; returns the last chunk's answer. */
export async function uploadFile(
  t: ApiClient,
  user: TestUser,
  data: Buffer,
  filename = 'file.bin',
  contentType = 'application/octet-stream',
): Promise<UploadedFile> {
  const fileId = await prepare(t, user, filename, contentType);
  for (let at = 0; ; at += FILE_CHUNK_MAX_BYTES) {
    const last = at + FILE_CHUNK_MAX_BYTES >= data.length;
    const res = await sendChunk(t, user, fileId, data.subarray(at, at + FILE_CHUNK_MAX_BYTES), last);
    if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text}`);
    if (last) return res.json as UploadedFile;
    if (res.text !== 'null') throw new Error(`an intermediate chunk answered ${res.text}`);
  }
}
