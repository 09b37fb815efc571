import { expect, test } from '@playwright/test';
import { ADMIN, adminToken, signIn, snap } from './support.js';

/**
 * The members page's dialogs (one `FormModal` and one confirm dialog in the web client): adding a
 * member, a refused add that keeps the form open, resetting a password that then signs in, and
 * deleting the member. Independent of the other specs: it makes its own account.
 */
const stamp = Date.now();
const PERSON = { name: `Dialog ${stamp}`.slice(0, 32), email: `dialog-${stamp}@parley.test` };

test.beforeAll(async ({ request }) => {
  // Makes the administrator when this spec runs alone.
  await adminToken(request, 'e2e-dialogs');
});

test('an administrator adds a member, resets the password and deletes the member', async ({
  page,
  request,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/#/setting/members');
  await expect(page.getByTestId('members-list')).toBeVisible();

  await page.getByTestId('members-create').click();
  const create = page.getByTestId('create-member');
  await expect(create).toBeVisible();
  await page.getByTestId('create-member-name').fill(PERSON.name);
  await page.getByTestId('create-member-email').fill(PERSON.email);
  await page.getByTestId('create-member-password').fill('first password 1');
  await snap(page, 'admin-dialog-create-member');
  await page.getByTestId('create-member-submit').click();
  await expect(create).toHaveCount(0);
  const row = page.getByTestId('members-list').locator('li', { hasText: PERSON.email });
  await expect(row).toBeVisible();

  // The same address again is refused: the form stays open with what was typed.
  await page.getByTestId('members-create').click();
  await page.getByTestId('create-member-name').fill(`${PERSON.name} 2`.slice(0, 32));
  await page.getByTestId('create-member-email').fill(PERSON.email);
  await page.getByTestId('create-member-password').fill('second password 2');
  const refused = page.waitForResponse(
    (res) => res.url().endsWith('/api/admin/user') && res.request().method() === 'POST',
  );
  await page.getByTestId('create-member-submit').click();
  expect((await refused).status()).toBe(409);
  // Busy no longer, and still there: a success would have closed the dialog instead.
  await expect(page.getByTestId('create-member-submit')).toBeEnabled();
  await expect(create).toBeVisible();
  await expect(page.getByTestId('create-member-email')).toHaveValue(PERSON.email);
  await page.keyboard.press('Escape');
  await expect(create).toHaveCount(0);

  await row.getByTestId('member-password').click();
  await expect(page.getByTestId('reset-password')).toBeVisible();
  await page.getByTestId('reset-password-input').fill('reset password 3');
  await page.getByTestId('reset-password-submit').click();
  await expect(page.getByTestId('reset-password')).toHaveCount(0);
  const login = await request.post('/api/token/login', {
    data: {
      credential: { type: 'password', email: PERSON.email, password: 'reset password 3' },
      device: 'e2e-dialogs',
    },
  });
  expect(login.ok()).toBe(true);

  await row.getByTestId('member-delete').click();
  await expect(page.getByTestId('delete-member')).toBeVisible();
  await page.getByTestId('delete-member-confirm').click();
  await expect(page.getByTestId('delete-member')).toHaveCount(0);
  await expect(row).toHaveCount(0);
});
