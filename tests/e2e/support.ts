/** Helpers for the browser tests: fresh identities and the codes the local pool "emails". */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { appConfigSchema } from '@shared/config/app-config';

export const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
export const newPassword = () => `Pw-${randomUUID().slice(0, 8)}A9z`;

/** Reads the newest code sent to an address from the local pool's outbox (its endpoint is in /config.json). */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  const config = appConfigSchema.parse(await (await request.get('/config.json')).json());
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${config.userPoolEndpoint}/_local/outbox`);
      const { messages } = (await response.json()) as { messages: { to: string; code?: string }[] };
      code = messages.filter((m) => m.to === email && m.code).at(-1)?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}
