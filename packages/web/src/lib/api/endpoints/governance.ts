/** Message retention and licenses (docs/api.md "Retention", "License"). */
import { call } from '../call';

export const getRetention = () => call('getRetention');
export const setRetention = (days: number) => call('setRetention', { body: { days } });
export const getChannelRetention = (gid: number) => call('getChannelRetention', { params: { gid } });
export const setChannelRetention = (gid: number, days: number | null) =>
  call('setChannelRetention', { params: { gid }, body: { days } });

export const checkLicense = (license: string) =>
  call('checkLicense', { body: { license } }, { errors: { 400: 'governance:license.invalid' } });
export const putLicense = (license: string) =>
  call('putLicense', { body: { license } }, { errors: { 400: 'governance:license.invalid' } });
export const getLicenseRenewal = (domain: string) => call('getLicenseRenewal', { query: { domain } });
export const renewLicense = (sessionId: string) =>
  call(
    'renewLicense',
    { body: { session_id: sessionId } },
    { errors: { 400: 'governance:license.bad_session' } },
  );
