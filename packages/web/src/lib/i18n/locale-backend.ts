import type { BackendModule, ReadCallback } from 'i18next';

/** Only plain language and namespace names go into a URL. */
const SAFE_NAME = /^[\w-]+$/;

/**
 * Loads `locales/{lng}/{ns}.json` next to the page (SPEC §7, §9). It does what i18next-http-backend
 * did for us, in a few lines off the first chat screen (issue 14): a server error or a failed
 * request is retried by i18next (`maxRetries`, `retryTimeout`); a 4xx or a file that is not JSON is not.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!SAFE_NAME.test(language) || !SAFE_NAME.test(namespace)) {
      callback(new Error(`unsafe locale path: ${language}/${namespace}`), false);
      return;
    }
    const url = `./locales/${language}/${namespace}.json`;
    const failed = (error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true);
    fetch(url).then((response) => {
      if (!response.ok) {
        callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500);
        return;
      }
      response.text().then((text) => {
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch {
          callback(`failed parsing ${url} to json`, false);
          return;
        }
        callback(null, data as Record<string, unknown>);
      }, failed);
    }, failed);
  },
};
