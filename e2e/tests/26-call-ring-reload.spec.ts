/**
 * The caller's page reloads or closes while the callee's phone rings (issue 15, docs/voice.md
 * "Reload"). Ivy rings Jo and reloads: her page comes back still calling (ringback tone) while Jo's
 * ringing screen never stops; Jo accepts and audio and video flow both ways (`getStats()`). Then
 * Ivy rings again and closes her tab: Jo's ringing screen goes once the server's rejoin grace
 * (`CALL_REJOIN_GRACE_MS`, 10 s by default) is over, and the call shows as missed in the DM.
 * Media stays on loopback (voice-support.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { callers, expectFlowing, openCaller, useCallers } from './voice-support';

const stamp = Date.now() % 100000;
const [IVY, JO] = callers(['Ivy', 'Jo'], stamp, 'ring reload');
const uids = useCallers('call-ring-reload', [IVY, JO]);

const tone = (page: Page) => page.locator('html');

async function ring(ivy: Page, jo: Page) {
  await ivy.getByTestId('call-start').click();
  await expect(ivy.getByTestId('call-ringing')).toBeVisible();
  await expect(jo.getByTestId('call-incoming')).toBeVisible();
  await expect(tone(jo)).toHaveAttribute('data-call-tone', 'ring');
}

test('a caller who reloads rings on; one who closes the tab leaves a missed call', async ({ browser }) => {
  test.setTimeout(180_000);
  const ivy = await openCaller(browser, IVY, `/#/chat/dm/${uids.get(JO)}`);
  const jo = await openCaller(browser, JO, `/#/chat/dm/${uids.get(IVY)}`);

  await ring(ivy, jo);
  await ivy.reload();
  await expect(ivy.locator('[data-synced]')).toBeVisible();
  // Back to calling, with the ringback tone; Jo's phone rings on.
  await expect(ivy.getByTestId('call-ringing')).toBeVisible();
  await expect(tone(ivy)).toHaveAttribute('data-call-tone', 'ringback');
  await expect(jo.getByTestId('call-incoming')).toBeVisible();
  await expect(tone(jo)).toHaveAttribute('data-call-tone', 'ring');

  await jo.getByTestId('call-accept').click();
  await expect(jo.getByTestId('voice-tile')).toHaveCount(2);
  await expect(ivy.getByTestId('voice-tile')).toHaveCount(2);
  await expect(ivy.getByTestId('call-ringing')).toBeHidden();
  await expect(tone(ivy)).not.toHaveAttribute('data-call-tone');
  await expectFlowing(ivy, 1);
  await expectFlowing(jo, 1);
  await ivy.getByTestId('voice-leave').click();
  await expect(jo.getByTestId('voice-room')).toBeHidden();
  await expect(jo.getByTestId('missed-call')).toHaveCount(0);

  // The second call's caller closes her tab while it rings.
  await ring(ivy, jo);
  await ivy.context().close();
  // The ring waits out the server's rejoin grace (10 s) for a reload that does not come.
  await expect(jo.getByTestId('call-incoming')).toBeHidden({ timeout: 30_000 });
  await expect(tone(jo)).not.toHaveAttribute('data-call-tone');
  await expect(jo.getByTestId('missed-call')).toHaveCount(1);
  await jo.context().close();
});
