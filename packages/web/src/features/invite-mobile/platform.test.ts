import { describe, expect, it } from 'vitest';
import { appLink, platformOf, registrationLink, webappLink } from './platform';

describe('platformOf', () => {
  it('tells Android, iOS (iPadOS too), other phones and desktops apart', () => {
    expect(platformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe('android');
    expect(platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148')).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe('desktop');
    expect(platformOf('Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5')).toBe(
      'other-mobile',
    );
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36')).toBe('desktop');
  });
});

describe('invite links', () => {
  it('builds the registration, webapp and app links from the token', () => {
    const origin = 'https://chat.example.com';
    expect(registrationLink(origin, 'a+b')).toBe('https://chat.example.com/#/register?magic_token=a%2Bb');
    expect(webappLink(origin, 'tok')).toBe('https://chat.example.com/#/register?magic_token=tok&from=webapp');
    const app = new URL(appLink(origin, 'tok'));
    expect(app.protocol).toBe('vocechat:');
    expect(app.searchParams.get('link')).toBe(registrationLink(origin, 'tok'));
  });
});
