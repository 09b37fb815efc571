/**
 * Fenced code blocks of Markdown messages: highlighted with highlight.js (its core and a handful of
 * common languages; this module is its own chunk, loaded only when a message has a code block) and
 * given a copy button. highlight.js escapes the text it wraps, so the block stays text.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const LANGUAGES = { bash, css, diff, go, java, javascript, json, python, rust, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
hljs.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.configure({ ignoreUnescapedHTML: true });

export interface CodeLabels {
  copy: string;
  copied: string;
}

/** Highlights the code blocks under `root` (once each) and adds their copy buttons. */
export function enhanceCodeBlocks(root: HTMLElement, labels: CodeLabels): void {
  for (const code of root.querySelectorAll<HTMLElement>('pre > code')) {
    const pre = code.parentElement!;
    if (pre.dataset.enhanced) continue;
    pre.dataset.enhanced = 'true';
    const named = /\blanguage-([\w-]+)/.exec(code.className)?.[1];
    if (named && hljs.getLanguage(named)) hljs.highlightElement(code);
    else if (!named && (code.textContent ?? '').length < 20_000) {
      const result = hljs.highlightAuto(code.textContent ?? '', Object.keys(LANGUAGES));
      if (result.relevance >= 5) {
        code.innerHTML = result.value;
        code.classList.add('hljs');
      }
    }
    pre.classList.add('code-block');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-block__copy';
    button.textContent = labels.copy;
    button.addEventListener('click', () => {
      void navigator.clipboard?.writeText(code.textContent ?? '').then(() => {
        button.textContent = labels.copied;
        setTimeout(() => (button.textContent = labels.copy), 1500);
      });
    });
    pre.append(button);
  }
}
