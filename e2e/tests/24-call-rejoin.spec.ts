/**
 * A DM call survives a reload (issue 15, docs/voice.md "Reload"): Gus rings Hana (her ringing
 * screen rings, his side hears the ringback: `<html data-call-tone>`), she accepts and both tones
 * stop; Gus reloads and is back in the call without a ring, then Hana reloads: each time audio
 * and video flow again both ways (`getStats()`). Media stays on loopback (voice-support.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { callers, expectFlowing, openCaller, useCallers } from './voice-support';

const stamp = Date.now() % 100000;
const [GUS, HANA] = callers(['Gus', 'Hana'], stamp, 'rejoin');
const uids = useCallers('call-rejoin', [GUS, HANA]);

const tone = (page: Page) => page.locator('html');

async function reloadAndRejoin(page: Page, other: Page) {
  await page.reload();
  await expect(page.locator('[data-synced]')).toBeVisible();
  // Back in the call at once, with no ring on either side.
  await expect(page.getByTestId('voice-tile')).toHaveCount(2);
  await expect(other.getByTestId('voice-tile')).toHaveCount(2);
  await expect(other.getByTestId('call-incoming')).toBeHidden();
  await expect(tone(other)).not.toHaveAttribute('data-call-tone');
  await expectFlowing(page, 1);
  await expectFlowing(other, 1);
}

test('a DM call rings, connects, and comes back after either side reloads', async ({ browser }) => {
  test.setTimeout(180_000);
  const gus = await openCaller(browser, GUS, `/#/chat/dm/${uids.get(HANA)}`);
  const hana = await openCaller(browser, HANA, `/#/chat/dm/${uids.get(GUS)}`);

  await gus.getByTestId('call-start').click();
  await expect(gus.getByTestId('call-ringing')).toBeVisible();
  await expect(hana.getByTestId('call-incoming')).toBeVisible();
  await expect(tone(hana)).toHaveAttribute('data-call-tone', 'ring');
  await expect(tone(gus)).toHaveAttribute('data-call-tone', 'ringback');

  await hana.getByTestId('call-accept').click();
  await expect(hana.getByTestId('voice-tile')).toHaveCount(2);
  await expect(gus.getByTestId('voice-tile')).toHaveCount(2);
  await expect(tone(hana)).not.toHaveAttribute('data-call-tone');
  await expect(tone(gus)).not.toHaveAttribute('data-call-tone');
  await expectFlowing(gus, 1);
  await expectFlowing(hana, 1);

  await reloadAndRejoin(gus, hana);
  await reloadAndRejoin(hana, gus);

  // Hanging up ends it for both, without waiting for a rejoin.
  await gus.getByTestId('voice-leave').click();
  await expect(gus.getByTestId('voice-room')).toBeHidden();
  await expect(hana.getByTestId('voice-room')).toBeHidden();
  await expect(hana.getByText('The call ended.')).toBeVisible();
  for (const page of [gus, hana]) await page.context().close();
});
