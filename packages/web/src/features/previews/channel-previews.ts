/**
 * The per-channel link-preview switch. The contract has no channel key for it, so it lives where
 * the server-wide one does, under the same name: `enable_msg_url_preview` in the channel's
 * `ext_setting` JSON string (API.md §5.1, `PUT /group/{gid}` takes `ext_setting`). On unless set
 * false; other keys in the string are kept when it changes.
 */
export const PREVIEW_KEY = 'enable_msg_url_preview';

function parse(extSetting: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(extSetting ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export const channelPreviewsOn = (extSetting: string | null | undefined): boolean =>
  parse(extSetting)[PREVIEW_KEY] !== false;

/** The `ext_setting` string with the switch set, every other key as it was. */
export const withChannelPreviews = (extSetting: string | null | undefined, on: boolean): string =>
  JSON.stringify({ ...parse(extSetting), [PREVIEW_KEY]: on });
