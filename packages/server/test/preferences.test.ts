/**
 * Client preferences (issue 14; docs/api.md "Preferences"): defaults, partial updates, bad input,
 * and `user_preferences_changed` reaching the user's other devices only.
 */
import { DEFAULT_PREFERENCES, type ServerEvent, type UserPreferences } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { login, sendText, type TestUser } from './support/server.js';
import { startCastServer } from './support/cast.js';
import { streamsClosedAfterEach } from './support/sse.js';

const { t, admin, alice, bob, carol } = await startCastServer();

const streams = streamsClosedAfterEach();
const get = (user: TestUser) => t.request('GET', '/user/preferences', { token: user.token });
const put = (user: TestUser, json: unknown) =>
  t.request('PUT', '/user/preferences', { token: user.token, json });
const isPrefs = (e: ServerEvent) => e.type === 'user_preferences_changed';

describe('preferences', () => {
  it('start at the defaults, and keep the fields a change leaves out', async () => {
    expect((await get(carol)).json).toEqual(DEFAULT_PREFERENCES);
    const first = await put(carol, { theme: 'dark', own_messages: 'right' });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({
      theme: 'dark',
      own_messages: 'right',
      message_sound: false,
      language: null,
      updated_at: expect.any(Number),
    });
    const second = await put(carol, { message_sound: true, language: 'ja' });
    const prefs = second.json as UserPreferences;
    expect(prefs).toMatchObject({
      theme: 'dark',
      own_messages: 'right',
      message_sound: true,
      language: 'ja',
    });
    expect(prefs.updated_at).toBeGreaterThan((first.json as UserPreferences).updated_at);
    expect((await get(carol)).json).toEqual(prefs);
    // `null` goes back to following the browser.
    expect(((await put(carol, { language: null })).json as UserPreferences).language).toBeNull();
  });

  it('refuse bad input with a 400 and change nothing', async () => {
    await put(admin, { theme: 'light' });
    const before = (await get(admin)).json;
    for (const body of [
      {},
      { theme: 'purple' },
      { own_messages: 'middle' },
      { message_sound: 'yes' },
      { language: 'english' },
      { language: 'EN' },
      { theme: 'dark', colour: 'red' },
      [],
      'dark',
    ]) {
      const res = await put(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await get(admin)).json).toEqual(before);
    expect((await get({ ...admin, token: 'nope' })).status).toBe(401);
  });

  it('reach the user’s other devices, not the one that changed them, and no other user', async () => {
    const laptop = await login(t, alice.email, alice.password);
    const phone = await login(t, alice.email, alice.password);
    const [onLaptop, onPhone, onBob] = await Promise.all([
      streams.ready(t.url, laptop.token),
      streams.ready(t.url, phone.token),
      streams.ready(t.url, bob.token),
    ]);
    const res = await put(phone, { theme: 'light', language: 'es' });
    expect(res.status).toBe(200);
    const event = await onLaptop.waitFor(isPrefs);
    expect(event).toEqual({
      type: 'user_preferences_changed',
      from_device: phone.device,
      preferences: res.json,
    });
    // A message to each after the change: by the time it arrives, the change would have too.
    const toPhone = (await sendText(t, bob, { uid: alice.uid }, 'barrier')).json as number;
    const toBob = (await sendText(t, carol, { uid: bob.uid }, 'barrier')).json as number;
    await onPhone.waitFor((e) => e.type === 'chat' && e.mid === toPhone);
    await onBob.waitFor((e) => e.type === 'chat' && e.mid === toBob);
    expect(onPhone.events.some(isPrefs)).toBe(false);
    expect(onBob.events.some(isPrefs)).toBe(false);
  });
});
