/** The contact form really sends: the message is stored (read back from the table), and a refusal keeps what was typed. */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';

async function storedMessages(subject: string) {
  const { dynamoEndpoint } = JSON.parse(readFileSync(`${E2E_DATA_DIR}/runtime.json`, 'utf8')) as {
    dynamoEndpoint: string;
  };
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
    }),
  );
  const { Items } = await db.send(
    new ScanCommand({
      TableName: 'contact_messages',
      FilterExpression: 'subject = :s',
      ExpressionAttributeValues: { ':s': subject },
    }),
  );
  return Items ?? [];
}

/** Each test writes as its own viewer, so the per-viewer limit of one does not touch the other. */
async function actAsViewer(page: Page, address: string) {
  await page.route('**/api/contact', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'cloudfront-viewer-address': address } }),
  );
}

async function fillForm(page: Page, subject: string) {
  await page.getByLabel('Full name').fill('Robin Options');
  await page.getByLabel('Email').fill('robin@example.com');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByLabel('Category').selectOption('technical');
  await page.getByRole('textbox', { name: 'Message' }).fill('The scanner shows no results for SPY weeklies.');
}

test('a message is sent, stored, confirmed for 3 seconds, and the form resets', async ({ page }) => {
  const subject = `Scanner question ${randomUUID().slice(0, 8)}`;
  await actAsViewer(page, '192.0.2.10:4000');
  await page.goto('/contact');
  await fillForm(page, subject);
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

test('a refused send shows why and keeps what the user typed', async ({ page, request }) => {
  const viewer = '192.0.2.11:4000';
  const subject = `Rate limited ${randomUUID().slice(0, 8)}`;
  for (let i = 0; i < 5; i += 1) {
    const response = await request.post('/api/contact', {
      headers: { 'cloudfront-viewer-address': viewer },
      data: { name: 'Filler', email: 'filler@example.com', subject: `filler ${i}`, message: 'filler' },
    });
    expect(response.status()).toBe(202);
  }
  await actAsViewer(page, viewer);
  await page.goto('/contact');
  await fillForm(page, subject);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(subject);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'The scanner shows no results for SPY weeklies.',
  );
  expect(await storedMessages(subject)).toEqual([]);
});
