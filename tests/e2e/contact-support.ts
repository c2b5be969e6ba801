/** What the contact specs share: filling the form, and reading messages back from the table. */
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@playwright/test';

/** Contact messages with this subject, read from the table of the instance keeping its data in `dataDir`. */
export async function storedContactMessages(dataDir: string, subject: string) {
  const { dynamoEndpoint } = JSON.parse(readFileSync(`${dataDir}/runtime.json`, 'utf8')) as {
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

export async function fillContactForm(page: Page, subject: string) {
  await page.getByLabel('Full name').fill('Robin Options');
  await page.getByLabel('Email').fill('robin@example.com');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByLabel('Category').selectOption('technical');
  await page.getByRole('textbox', { name: 'Message' }).fill('The scanner shows no results for SPY weeklies.');
}
