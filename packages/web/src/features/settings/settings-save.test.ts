import { beforeEach, describe, expect, it, vi } from 'vitest';

const success = vi.fn();
vi.mock('../../lib/toast', () => ({ toast: { success } }));

const { saveWithToast } = await import('./settings-save');

beforeEach(() => success.mockClear());

describe('saveWithToast', () => {
  it('shows the saved toast once the save has succeeded', async () => {
    const order: string[] = [];
    success.mockImplementation(() => order.push('toast'));
    const ok = await saveWithToast(
      async () => {
        order.push('save');
      },
      { saved: 'Saved' },
    );
    expect(ok).toBe(true);
    expect(order).toEqual(['save', 'toast']);
    expect(success).toHaveBeenCalledExactlyOnceWith('Saved', undefined);
  });

  it('passes the toast id so per-click saves replace each other', async () => {
    await saveWithToast(() => Promise.resolve(), { saved: 'Saved', toastId: 'admin-saved' });
    expect(success).toHaveBeenCalledExactlyOnceWith('Saved', { id: 'admin-saved' });
  });

  it('shows nothing more when the save fails: the request layer has shown the answer', async () => {
    const ok = await saveWithToast(() => Promise.reject(new Error('409')), { saved: 'Saved' });
    expect(ok).toBe(false);
    expect(success).not.toHaveBeenCalled();
  });
});
