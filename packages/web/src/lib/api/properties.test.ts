import { describe, expect, it } from 'vitest';
import { encodeProperties } from './properties';
import { isPublicEndpoint, isTextEndpoint, needsRenewal, ruleFor } from './endpoint-rules';

describe('encodeProperties', () => {
  it('encodes UTF-8 JSON as standard padded base64', () => {
    const encoded = encodeProperties({ local_id: 1700000000000, note: 'héllo 👋' });
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe('{"local_id":1700000000000,"note":"héllo 👋"}');
    expect(encoded.length % 4).toBe(0);
  });
});

describe('endpoint rules', () => {
  it('knows the public endpoints by method and path', () => {
    expect(isPublicEndpoint('POST', '/token/login')).toBe(true);
    expect(isPublicEndpoint('POST', '/token/renew')).toBe(true);
    expect(isPublicEndpoint('GET', '/admin/system/initialized')).toBe(true);
    expect(isPublicEndpoint('PUT', '/admin/system/organization')).toBe(false);
    expect(isPublicEndpoint('GET', '/admin/system/organization')).toBe(true);
    expect(isPublicEndpoint('GET', '/user')).toBe(false);
  });

  it('knows the text endpoints', () => {
    expect(isTextEndpoint('/group/create_reg_magic_link')).toBe(true);
    expect(isTextEndpoint('/admin/system/version')).toBe(true);
    expect(isTextEndpoint('/admin/system/initialized')).toBe(false);
  });

  it('takes them from the route table, templates included, fixed paths first', () => {
    expect(ruleFor('GET', '/user/me')).toMatchObject({ path: '/user/me', auth: 'header', kind: 'json' });
    expect(ruleFor('get', '/user/42')).toMatchObject({ path: '/user/:uid' });
    expect(ruleFor('POST', '/group/7/send')).toMatchObject({ auth: 'header', upload: 'message' });
    expect(ruleFor('GET', '/group/7/send')).toBeUndefined();
    expect(ruleFor('GET', '/user/events')).toMatchObject({ auth: 'query', kind: 'events' });
    expect(isPublicEndpoint('GET', '/resource/avatar')).toBe(true);
    expect(isPublicEndpoint('POST', '/user/avatar')).toBe(false);
  });

  it('renews within 20 seconds of expiry', () => {
    expect(needsRenewal(100_000, 79_999)).toBe(false);
    expect(needsRenewal(100_000, 80_000)).toBe(true);
    expect(needsRenewal(100_000, 200_000)).toBe(true);
  });
});
