import { describe, expect, it } from 'vitest';
import { channelPreviewsOn, withChannelPreviews } from './channel-previews';

describe('the per-channel link-preview switch', () => {
  it('is on unless ext_setting sets it false, whatever else the string holds', () => {
    expect(channelPreviewsOn(null)).toBe(true);
    expect(channelPreviewsOn('not json')).toBe(true);
    expect(channelPreviewsOn('{"enable_msg_url_preview":false}')).toBe(false);
    expect(channelPreviewsOn('{"enable_msg_url_preview":true,"x":1}')).toBe(true);
  });

  it('keeps the other keys when it changes', () => {
    expect(JSON.parse(withChannelPreviews('{"x":1}', false))).toEqual({
      x: 1,
      enable_msg_url_preview: false,
    });
    expect(JSON.parse(withChannelPreviews('[1]', true))).toEqual({ enable_msg_url_preview: true });
  });
});
