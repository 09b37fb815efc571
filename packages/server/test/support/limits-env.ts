/**
 * Limits well above what any test needs: every test client shares one address and tests send in
 * bursts. Only the tests of the limits themselves (`test/limits.test.ts`) set their own.
 */
export const GENEROUS_LIMITS_ENV = {
  SEND_RATE: '10000',
  SEND_BURST: '10000',
  VOICE_SIGNAL_RATE: '10000',
  VOICE_SIGNAL_BURST: '10000',
  REGISTER_LIMIT: '10000/1s',
  LOOKUP_LIMIT: '10000/1s',
  MAGIC_LINK_LIMIT: '10000/1s',
  MAX_STREAMS_PER_USER: '10000',
  MAX_DEVICES_PER_USER: '10000',
  // Tests of presence see the offline announcement at once; test/presence-storm.test.ts sets its own.
  PRESENCE_GRACE_MS: '0',
};
