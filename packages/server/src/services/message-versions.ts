import type { ChatMessage, MessageVersion } from '@parley/protocol';

/**
 * A message's versions from its records (the message, then its edits): each with the properties
 * as it left them, an edit's properties merged into the earlier ones (as the client merges them).
 */
export function versionsOf(records: readonly ChatMessage[]): MessageVersion[] {
  const out: MessageVersion[] = [];
  let properties: MessageVersion['properties'] = null;
  for (const { mid, created_at, detail } of records) {
    const body = detail.type === 'reaction' ? detail.detail : detail;
    if (body.type !== 'normal' && body.type !== 'reply' && body.type !== 'edit') continue;
    properties = body.properties || properties ? { ...(properties ?? {}), ...(body.properties ?? {}) } : null;
    out.push({ mid, created_at, content_type: body.content_type, content: body.content, properties });
  }
  return out;
}

/** The version a reader sees now; undefined once the message is gone. */
export const currentVersion = (records: readonly ChatMessage[]): MessageVersion | undefined =>
  versionsOf(records).at(-1);
