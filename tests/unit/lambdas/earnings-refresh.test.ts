/**
 * The assistant's and the positions' Lambdas lay the stage's earnings calendar (EARNINGS_PROVIDER) over the simulated
 * one before they answer, as the market Lambda does before quotes, chains and scans: in AWS each
 * Lambda has its own copy of the calendar (locally the API handlers share one thread, so the
 * runtime test in tests/integration/earnings-provider-runtime.test.ts cannot tell them apart).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tables } from '@shared/tables';
import { apiEvent } from '../../helpers/api-events';

const order: string[] = [];
vi.mock('../../../lambdas/common/session', () => ({ assertSessionAlive: vi.fn(async () => {}) }));
vi.mock('../../../lambdas/feeds/earnings-source', () => ({
  configuredEarningsSource: () => ({
    refresh: vi.fn(async () => {
      order.push('earnings refreshed');
    }),
  }),
}));
vi.mock('../../../lambdas/positions/service', () => ({
  markedPositions: vi.fn(async () => {
    order.push('positions marked');
    return { positions: [] };
  }),
}));
vi.mock('../../../lambdas/chat/service', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lambdas/chat/service')>()),
  askAssistant: vi.fn(async () => {
    order.push('assistant answered');
    return { id: 'm-1' };
  }),
}));

describe('the assistant’s handler', () => {
  let handlers: typeof import('../../../lambdas/chat/handler');
  beforeAll(async () => {
    for (const { envVar } of Object.values(tables)) vi.stubEnv(envVar, `${envVar.toLowerCase()}-test`);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    handlers = await import('../../../lambdas/chat/handler');
  });
  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('refreshes the stage’s earnings calendar before every answer', async () => {
    for (const message of ['How does AAPL look?', 'And NVDA?']) {
      const result = await handlers.postChatMessage(
        apiEvent({ method: 'POST', path: '/api/chat', sub: 'user-1', body: { message } }),
      );
      expect(result.statusCode).toBe(201);
    }
    expect(order).toEqual([
      'earnings refreshed',
      'assistant answered',
      'earnings refreshed',
      'assistant answered',
    ]);
  });

  it('and so does the positions route, before it marks (the earnings target reads the calendar)', async () => {
    order.length = 0;
    const positions = await import('../../../lambdas/positions/handler');
    await positions.getPositions(apiEvent({ path: '/api/positions', sub: 'user-1' }));
    expect(order).toEqual(['earnings refreshed', 'positions marked']);
  });
});
