/**
 * What the Files screen specs share: files sent as a member sends them (prepare, one-chunk
 * upload, a `vocechat/file` message), and a small valid PDF to send.
 */
import { expect, type APIRequestContext } from '@playwright/test';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** Uploads `buffer` as `name` and sends it to `to` (`group/<gid>` or `user/<uid>`); returns the mid. */
export async function sendFile(
  request: APIRequestContext,
  token: string,
  to: string,
  name: string,
  type: string,
  buffer: Buffer,
): Promise<number> {
  const headers = { 'x-api-key': token };
  const prepared = await request.post('/api/resource/file/prepare', {
    headers,
    data: { content_type: type, filename: name },
  });
  const fileId = (await prepared.json()) as string;
  const uploaded = await request.post('/api/resource/file/upload', {
    headers,
    multipart: { file_id: fileId, chunk_data: { name, mimeType: type, buffer }, chunk_is_last: 'true' },
  });
  expect(uploaded.ok()).toBe(true);
  const { path } = (await uploaded.json()) as { path: string };
  const sent = await request.post(`/api/${to}/send`, {
    headers: { ...headers, 'content-type': 'vocechat/file' },
    data: JSON.stringify({ path }),
  });
  expect(sent.ok()).toBe(true);
  return (await sent.json()) as number;
}
