/**
 * DM calls end to end (issue 15): Cleo rings Dara from the DM header; Dara's ringing screen shows
 * wherever she is, she accepts and media flows both ways (`getStats()`), then Cleo hangs up. A
 * declined call ends the caller's side; an unanswered call that the caller hangs up shows Dara a
 * missed-call line; calling someone who is in another call says busy. Chromium runs in its own
 * network namespace and media stays on loopback (voice-support.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { snap } from './support';
import { callers, expectFlowing, openCaller, useCallers, type Person } from './voice-support';

const stamp = Date.now() % 100000;
const [CLEO, DARA, EMIL, FAYE] = callers(['Cleo', 'Dara', 'Emil', 'Faye'], stamp, 'call');
const uids = useCallers('dm-calls', [CLEO, DARA, EMIL, FAYE]);

const dmWith = (who: Person) => `/#/chat/dm/${uids.get(who)}`;

async function ring(caller: Page, callee: Page) {
  await caller.getByTestId('call-start').click();
  await expect(caller.getByTestId('call-ringing')).toBeVisible();
  await expect(callee.getByTestId('call-incoming')).toBeVisible();
}

test('a DM call: ring, accept, media both ways, hang up', async ({ browser }) => {
  test.setTimeout(120_000);
  const cleo = await openCaller(browser, CLEO, dmWith(DARA));
  const dara = await openCaller(browser, DARA);
  await ring(cleo, dara);
  await expect(dara.getByTestId('call-incoming')).toContainText('Cleo');
  await snap(dara, 'call-incoming-light-1280');
  await snap(cleo, 'call-ringing-light-1280');

  // By keyboard: the accept button has the focus.
  await dara.bringToFront();
  await expect(dara.getByTestId('call-accept')).toBeFocused();
  await dara.keyboard.press('Enter');
  await expect(dara).toHaveURL(new RegExp(`#/chat/dm/${uids.get(CLEO)}$`));
  await expect(dara.getByTestId('voice-tile')).toHaveCount(2);
  await expect(cleo.getByTestId('voice-tile')).toHaveCount(2);
  await expect(cleo.getByTestId('call-ringing')).toBeHidden();
  await expectFlowing(cleo, 1);
  await expectFlowing(dara, 1);
  await snap(cleo, 'call-connected-light-1280');

  // Calling Dara while she is in this call: busy, nothing joined.
  const emil = await openCaller(browser, EMIL, dmWith(DARA));
  await emil.getByTestId('call-start').click();
  await expect(emil.getByText('They are in another call')).toBeVisible();
  await expect(emil.getByTestId('voice-room')).toBeHidden();
  await emil.context().close();

  await cleo.getByTestId('voice-leave').click();
  await expect(cleo.getByTestId('voice-room')).toBeHidden();
  // Left alone, Dara's side ends too.
  await expect(dara.getByTestId('voice-room')).toBeHidden();
  await expect(dara.getByText('The call ended.')).toBeVisible();
  for (const page of [cleo, dara]) await page.context().close();
});

test('declined, and a missed call shown in the conversation', async ({ browser }) => {
  test.setTimeout(90_000);
  // Two people the first test did not involve: each test stands on its own.
  const cleo = await openCaller(browser, EMIL, dmWith(FAYE));
  const dara = await openCaller(browser, FAYE, dmWith(EMIL));

  await ring(cleo, dara);
  await dara.getByTestId('call-decline').click();
  await expect(dara.getByTestId('call-incoming')).toBeHidden();
  await expect(cleo.getByText('The call was declined.')).toBeVisible();
  await expect(cleo.getByTestId('voice-room')).toBeHidden();
  // The notice goes by itself; the decline at the end must show a notice of its own.
  await expect(cleo.getByText('The call was declined.')).toBeHidden();

  // Cleo hangs up before Dara answers: Dara's ringing screen goes, a missed call shows in the DM.
  await ring(cleo, dara);
  await cleo.getByTestId('voice-leave').click();
  await expect(dara.getByTestId('call-incoming')).toBeHidden();
  await expect(dara.getByTestId('missed-call')).toHaveCount(1);
  await expect(cleo.getByTestId('missed-call')).toHaveCount(1);
  await expect(dara.getByTestId('missed-call')).toHaveText('Missed call');

  // The ringing screen at phone width, light and dark; Escape declines.
  await ring(cleo, dara);
  await dara.setViewportSize({ width: 375, height: 812 });
  await snap(dara, 'call-incoming-light-375');
  await dara.emulateMedia({ colorScheme: 'dark' });
  await snap(dara, 'call-incoming-dark-375');
  await cleo.emulateMedia({ colorScheme: 'dark' });
  await snap(cleo, 'call-ringing-dark-1280');
  await dara.keyboard.press('Escape');
  await expect(cleo.getByText('The call was declined.')).toBeVisible();
  await snap(dara, 'call-missed-dark-375');
  for (const page of [cleo, dara]) await page.context().close();
});
