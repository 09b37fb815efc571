import type { OpenGraph } from '@parley/protocol';
import { API_BASE, call, ensureFreshToken } from '../../lib/api';
import { getState } from '../../lib/store';

/** One request per URL for the page's life; a failure shows no card (API.md §7.4: errors are silent). */
const previews = new Map<string, Promise<OpenGraph | null>>();

export function loadPreview(url: string): Promise<OpenGraph | null> {
  let found = previews.get(url);
  if (!found) {
    found = call('openGraph', { query: { url } }, { errors: { default: null } }).catch(() => null);
    previews.set(url, found);
  }
  return found;
}

/** A remote image through the server (the page itself contacts no other host; docs/api.md). */
export async function proxiedImageUrl(url: string): Promise<string | null> {
  await ensureFreshToken().catch(() => undefined);
  const token = getState().auth?.token;
  if (!token) return null;
  const query = new URLSearchParams({ url, 'api-key': token });
  return `${API_BASE}/resource/image_proxy?${query.toString()}`;
}
