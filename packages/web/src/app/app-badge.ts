/**
 * The installed app's badge carries the unread count (issue 16), where the browser has the Badging
 * API (`navigator.setAppBadge`); elsewhere nothing happens. Failures (no permission, not installed)
 * are ignored: the page title carries the count too.
 */
type Badging = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

export function showAppBadge(unread: number): void {
  const nav = navigator as Badging;
  if (!nav.setAppBadge || !nav.clearAppBadge) return;
  const done = unread > 0 ? nav.setAppBadge(unread) : nav.clearAppBadge();
  done.catch(() => undefined);
}
