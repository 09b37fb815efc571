import { describe, expect, it } from 'vitest';
import { isSafeUrl, markdownToHtml } from './markdown';

describe('markdownToHtml', () => {
  it('renders markdown', () => {
    expect(markdownToHtml('**bold** and `code`')).toBe(
      '<p><strong>bold</strong> and <code>code</code></p>\n',
    );
  });

  it('shows the author’s HTML as text: no styled boxes, no elements of their choosing', () => {
    const html = markdownToHtml(
      '<div style="position:fixed;inset:0">Session expired</div>\n\nhi <span style="color:red">x</span>',
    );
    expect(html).not.toMatch(/<div|<span/);
    expect(html).toContain('&lt;div style=&quot;position:fixed;inset:0&quot;&gt;Session expired&lt;/div&gt;');
    expect(html).toContain('hi &lt;span style=&quot;color:red&quot;&gt;x&lt;/span&gt;');
    expect(markdownToHtml('<script>alert(1)</script>')).not.toContain('<script');
    expect(markdownToHtml('a <img src="https://tracker.example/p.gif"> b')).not.toContain('<img');
  });

  it('shows images as links, never as <img>', () => {
    const html = markdownToHtml('![the plan](https://tracker.example/p.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain(
      '<a class="markdown__image-link" href="https://tracker.example/p.png">the plan</a>',
    );
    expect(markdownToHtml('![x](javascript:alert(1))')).toBe(
      '<p><span class="markdown__neutralised">x</span></p>\n',
    );
    expect(markdownToHtml('![x](data:image/png;base64,AAAA)')).not.toMatch(/<img|<a/);
  });

  it('keeps http(s) and mailto links, and turns every other link into text that does not look like one', () => {
    expect(markdownToHtml('[site](https://example.com)')).toContain('<a href="https://example.com">site</a>');
    expect(markdownToHtml('[mail](mailto:a@example.com)')).toContain(
      '<a href="mailto:a@example.com">mail</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,hi',
      'vbscript:x',
      '/#/settings',
    ]) {
      const html = markdownToHtml(`[click **me**](${href})`);
      expect(html).toBe('<p><span class="markdown__neutralised">click <strong>me</strong></span></p>\n');
    }
  });

  it('accepts only absolute http(s) and mailto URLs', () => {
    expect(['https://a.example', 'http://a.example/x', 'mailto:x@y.z'].every(isSafeUrl)).toBe(true);
    expect(
      ['javascript:1', ' javascript:1', '//evil.example', 'ftp://x', 'file:///etc/passwd'].some(isSafeUrl),
    ).toBe(false);
  });
});
