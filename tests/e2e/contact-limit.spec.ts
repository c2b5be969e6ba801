/**
 * A refused contact message keeps what was typed. The refusal is the server's real limit (5 an
 * hour per viewer, the connection's address), so this spec runs on its own (gated) instance: the
 * browser is one viewer, 127.0.0.1, and filling its quota must not refuse other specs' messages.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_GATED_DATA_DIR, E2E_SITE_PASSWORD } from '../../playwright.config';
import { fillContactForm, storedContactMessages } from './contact-support';

test('a refused send shows why and keeps what the user typed', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Password', { exact: true }).fill(E2E_SITE_PASSWORD);
  await page.getByRole('button', { name: 'Enter Site' }).click();
  await expect(page.getByRole('heading', { name: 'The AI Edge for Options Trading' })).toBeVisible();

  for (let i = 0; i < 5; i += 1) {
    const response = await page.request.post('/api/contact', {
      data: { name: 'Filler', email: 'filler@example.com', subject: `filler ${i}`, message: 'filler' },
    });
    expect(response.status()).toBe(202);
  }
  const subject = `Rate limited ${randomUUID().slice(0, 8)}`;
  await page.goto('/contact');
  await fillContactForm(page, subject);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(subject);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'The scanner shows no results for SPY weeklies.',
  );
  expect(await storedContactMessages(E2E_GATED_DATA_DIR, subject)).toEqual([]);
});
