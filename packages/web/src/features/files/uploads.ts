/**
 * Uploads from the composer (API.md §7.1): prepare, then 1,000,000-byte chunks sent with
 * XMLHttpRequest (fetch reports no upload progress), then the file message. Each upload is an entry
 * of a small store the tray renders: progress, cancel, and retry, which resumes after the last chunk
 * the server stored (Parley's `GET /resource/file/upload` and `chunk_offset`).
 */
import { FILE_CHUNK_MAX_BYTES, type UploadedFile } from '@parley/protocol';
import { API_BASE, call, ensureFreshToken, sendMessage } from '../../lib/api';
import { getState, parseConv, type ConvKey } from '../../lib/store';

import { getUploads, setUploads, type Upload } from './upload-store';

const running = new Map<number, XMLHttpRequest>();
let nextKey = 1;
let lastLocalId = 0;
/** A millisecond timestamp, strictly increasing (API.md §15.5: bots and clients use ms timestamps). */
const nextLocalId = () => (lastLocalId = Math.max(Date.now(), lastLocalId + 1));

function update(key: number, patch: Partial<Upload>): void {
  setUploads(getUploads().map((u) => (u.key === key ? { ...u, ...patch } : u)));
}

function remove(key: number): void {
  setUploads(getUploads().filter((u) => u.key !== key));
}

export function startUploads(conv: ConvKey, files: readonly File[], voice?: Upload['voice']): void {
  for (const file of files) {
    const entry: Upload = { key: nextKey++, conv, file, progress: 0, status: 'uploading', voice };
    setUploads([...getUploads(), entry]);
    void run(entry.key);
  }
}

export function cancelUpload(key: number): void {
  running.get(key)?.abort();
  running.delete(key);
  remove(key);
}

export function retryUpload(key: number): void {
  update(key, { status: 'uploading' });
  void run(key);
}

export function dismissUpload(key: number): void {
  remove(key);
}

const current = (key: number) => getUploads().find((u) => u.key === key);

async function run(key: number): Promise<void> {
  try {
    const entry = current(key);
    if (!entry) return;
    const { file } = entry;
    let fileId = entry.fileId;
    let offset = 0;
    if (fileId) {
      const status = await call(
        'uploadStatus',
        { query: { file_id: fileId } },
        { errors: { default: null } },
      ).catch(() => undefined);
      if (status && !status.completed) offset = status.received;
      else fileId = undefined;
    }
    if (!fileId) {
      fileId = await call(
        'prepareFile',
        { body: { content_type: file.type || null, filename: file.name } },
        { errors: { default: null } },
      );
      update(key, { fileId });
    }
    let result: UploadedFile | null = null;
    do {
      const end = Math.min(file.size, offset + FILE_CHUNK_MAX_BYTES);
      result = await sendChunk(key, fileId, file.slice(offset, end), offset, end >= file.size, file.size);
      offset = end;
      if (!current(key)) return;
    } while (!result);
    const { conv, voice } = current(key)!;
    await sendMessage(
      {
        to: parseConv(conv),
        content: JSON.stringify({ path: result.path }),
        contentType: voice ? 'vocechat/audio' : 'vocechat/file',
        properties: {
          ...voice,
          local_id: nextLocalId(),
          name: file.name,
          size: result.size,
          content_type: file.type,
          ...(result.image_properties ?? {}),
        },
      },
      { default: null },
    );
    remove(key);
  } catch {
    if (current(key)) update(key, { status: 'failed' });
  }
}

/** One chunk; resolves with the last chunk's answer, or null for an intermediate one. */
async function sendChunk(
  key: number,
  fileId: string,
  data: Blob,
  offset: number,
  isLast: boolean,
  total: number,
): Promise<UploadedFile | null> {
  await ensureFreshToken();
  const token = getState().auth?.token ?? '';
  const form = new FormData();
  form.append('file_id', fileId);
  form.append('chunk_offset', String(offset));
  form.append('chunk_data', data);
  form.append('chunk_is_last', String(isLast));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    running.set(key, xhr);
    xhr.open('POST', `${API_BASE}/resource/file/upload`);
    xhr.setRequestHeader('X-API-Key', token);
    xhr.upload.onprogress = (event) => {
      const sent = offset + (event.lengthComputable ? (event.loaded / event.total) * data.size : 0);
      update(key, { progress: total === 0 ? 1 : Math.min(1, sent / total) });
    };
    xhr.onload = () => {
      running.delete(key);
      if (xhr.status !== 200) return reject(new Error(`upload ${xhr.status}`));
      resolve(JSON.parse(xhr.responseText) as UploadedFile | null);
    };
    xhr.onerror = xhr.onabort = () => {
      running.delete(key);
      reject(new Error('upload interrupted'));
    };
    xhr.send(form);
  });
}
