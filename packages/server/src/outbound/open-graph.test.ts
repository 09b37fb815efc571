import { describe, expect, it } from 'vitest';
import { TtlCache } from './cache.js';
import { decodePage, parseOpenGraph } from './open-graph.js';

const BASE = 'https://example.com/a/page';

describe('parseOpenGraph', () => {
  it('reads structured media, keeps four at most, and only http(s) URLs', () => {
    const images = Array.from(
      { length: 6 },
      (_, i) => `<meta property="og:image" content="/i${i}.png">`,
    ).join('');
    const og = parseOpenGraph(
      `<head>
        <meta property="og:image:url" content="https://cdn.example.com/a.jpg">
        <meta property="og:image:secure_url" content="https://cdn.example.com/a-secure.jpg">
        <meta property="og:image:type" content="image/jpeg">
        <meta property="og:image:width" content="-4">
        ${images}
        <meta property="og:video" content="data:video/mp4;base64,AAAA">
        <meta property="og:video" content="../v.mp4"><meta property="og:video:width" content="640">
        <meta property="og:audio" content="//audio.example.com/a.mp3">
        <meta property="og:locale:alternate" content="fr_FR"><meta property="og:locale:alternate" content="de_DE">
      </head>`,
      BASE,
    );
    expect(og.images).toHaveLength(4);
    expect(og.images[0]).toEqual({
      url: 'https://cdn.example.com/a.jpg',
      secure_url: 'https://cdn.example.com/a-secure.jpg',
      type: 'image/jpeg',
    });
    expect(og.images[1]!.url).toBe('https://example.com/i0.png');
    expect(og.videos).toEqual([{ url: 'https://example.com/v.mp4', width: 640 }]);
    expect(og.audios).toEqual([{ url: 'https://audio.example.com/a.mp3' }]);
    expect(og.locale_alternate).toEqual(['fr_FR', 'de_DE']);
    expect(og.url).toBe(BASE);
  });

  it('falls back to Twitter cards and the description meta; ignores the body', () => {
    const og = parseOpenGraph(
      `<html><head><meta name="twitter:title" content="T"><meta name="twitter:image" content="/t.png">
       <meta name="description" content="D"></head><body><meta property="og:title" content="late"></body>`,
      BASE,
    );
    expect(og.title).toBe('T');
    expect(og.description).toBe('D');
    expect(og.images).toEqual([{ url: 'https://example.com/t.png' }]);
  });

  it('decodes entities, drops control and bidi characters, shortens long texts', () => {
    const og = parseOpenGraph(
      `<meta property="og:title" content="a &lt;b&gt; &#x263A; &#0; \u202Eevil\u202C">` +
        `<meta property="og:description" content="${'x'.repeat(2000)}">`,
      BASE,
    );
    expect(og.title).toBe('a <b> ☺ evil');
    expect(og.description).toHaveLength(500);
  });

  it('decodes the charset of a <meta charset> when the header names none', () => {
    const page = Buffer.concat([
      Buffer.from('<meta charset="windows-1252"><title>', 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from('</title>'),
    ]);
    expect(parseOpenGraph(decodePage(page, undefined), BASE).title).toBe('é');
    expect(decodePage(Buffer.from('ok'), 'no-such-charset')).toBe('ok');
  });
});

describe('TtlCache', () => {
  it('expires entries, bounds its size and joins concurrent loads', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(2, () => now);
    const load = async () => ({ value: ++loads, ttlMs: 100 });
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    expect(await cache.get('a', load)).toBe(1);
    now = 150;
    expect(await cache.get('a', load)).toBe(2);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(5);
    const once = async () => ({ value: ++loads, ttlMs: 0 });
    expect(await cache.get('z', once)).toBe(6);
    expect(await cache.get('z', once)).toBe(7);
  });
});
