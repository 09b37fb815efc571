import { dispatch } from '../../lib/store';

const CHANNEL = 'parley-tabs';

/**
 * SPEC §4 "Multi-tab": each tab announces itself; a tab that hears a newer one stops streaming and shows
 * the inactive notice. All tabs share one device id and token, so two live streams would kick each other.
 */
export function startSingleTab(onDeactivate: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const channel = new BroadcastChannel(CHANNEL);
  let active = true;
  channel.onmessage = (event: MessageEvent<{ type?: string; id?: string }>) => {
    if (!active || event.data?.type !== 'NEW_TAB' || event.data.id === id) return;
    active = false;
    onDeactivate();
    dispatch({ type: 'tab/deactivated' });
  };
  channel.postMessage({ type: 'NEW_TAB', id });
  return () => channel.close();
}
