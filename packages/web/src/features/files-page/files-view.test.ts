import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFilesView, storeFilesView } from './files-view';

describe('the Files screen view', () => {
  let data: Map<string, string>;
  beforeEach(() => {
    data = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the grid until the list is chosen, and keeps the choice', () => {
    expect(readFilesView()).toBe('grid');
    storeFilesView('list');
    expect(data.get('parley.files-view')).toBe('list');
    expect(readFilesView()).toBe('list');
    storeFilesView('grid');
    expect(readFilesView()).toBe('grid');
  });

  it('falls back to the grid on an unknown value or blocked storage', () => {
    data.set('parley.files-view', 'mosaic');
    expect(readFilesView()).toBe('grid');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    expect(readFilesView()).toBe('grid');
    expect(() => storeFilesView('list')).not.toThrow();
  });
});
