/** The rest of the sign-in journey: resend a code, reset a forgotten password, turn on TOTP MFA and sign in with it. */
import { expect, test } from '@playwright/test';
import { generateSync } from 'otplib';
import {
  latestCode,
  newEmail,
  newPassword,
  signInThroughUi,
  signOutThroughUi,
  signUpThroughUi,
} from './support';

test('a new code can be resent, and the newest code confirms the account', async ({ page, request }) => {
  const email = newEmail('resend');
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword());
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Confirmation code')).toBeVisible();
  const first = await latestCode(request, email);

  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByRole('status')).toContainText(`We sent a new code to ${email}`);
  let second = first;
  await expect.poll(async () => (second = await latestCode(request, email))).not.toBe('');
  await page.getByLabel('Confirmation code').fill(second);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a forgotten password is reset with an emailed code, weak new passwords refused', async ({
  page,
  request,
}) => {
  const { email } = await signUpThroughUi(page, request, 'forgot');
  await signOutThroughUi(page, email);

  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByLabel('Reset code')).toBeVisible();
  await page.getByLabel('Reset code').fill(await latestCode(request, email));

  await page.getByLabel('New password').fill('lowercaseonly');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('an uppercase letter');

  const replacement = newPassword();
  await page.getByLabel('New password').fill(replacement);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOutThroughUi(page, email);
  await signInThroughUi(page, email, replacement);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a user turns on TOTP MFA and then signs in with a code from the authenticator', async ({
  page,
  request,
}) => {
  const { email, password } = await signUpThroughUi(page, request, 'mfa');

  await page.goto('/dashboard/account');
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  const mfa = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(mfa.getByText('Off', { exact: true })).toBeVisible();
  await mfa.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(mfa.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await mfa.getByTestId('totp-secret').textContent())!.trim();
  await mfa.getByLabel('Authenticator code').fill(generateSync({ secret }));
  await mfa.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(mfa.getByText('On', { exact: true })).toBeVisible();

  await signOutThroughUi(page, email);
  await signInThroughUi(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Authentication code').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('group', { name: 'Portfolio Value' })).toContainText('$0.00');
});
