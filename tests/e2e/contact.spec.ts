/** The contact form really sends: the message is stored (read back from the table). */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { fillContactForm, storedContactMessages } from './contact-support';

const storedMessages = (subject: string) => storedContactMessages(E2E_DATA_DIR, subject);

test('a message is sent, stored, confirmed for 3 seconds, and the form resets', async ({ page }) => {
  const subject = `Scanner question ${randomUUID().slice(0, 8)}`;
  await page.goto('/contact');
  await fillContactForm(page, subject);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText('Message Sent!')).toBeVisible();
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  await expect.poll(() => storedMessages(subject)).toHaveLength(1);
  expect((await storedMessages(subject))[0]).toMatchObject({
    name: 'Robin Options',
    email: 'robin@example.com',
    category: 'technical',
    message: 'The scanner shows no results for SPY weeklies.',
  });

  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('', { timeout: 6000 });
  await expect(page.getByLabel('Category')).toHaveValue('general');
});
