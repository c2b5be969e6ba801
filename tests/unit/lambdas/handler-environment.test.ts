/**
 * Each route's function starts with only what the CDK gives it: the table names of its route (and
 * the gate sessions on gated stages), nothing else. A handler module that reads another table's
 * name at load time would fail to start in AWS while every local test passed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes, type RouteDefinition } from '@shared/routes';
import { tables, type TableDefinition } from '@shared/tables';
import { routeTables } from '../../../infra/constructs/api-function';

const allTableEnv = (Object.values(tables) as TableDefinition[]).map((t) => t.envVar);

describe('every route loads with only its own tables in the environment', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it.each(routes as readonly RouteDefinition[])('$id', async (route) => {
    for (const name of allTableEnv) vi.stubEnv(name, undefined);
    for (const key of Object.keys(routeTables(route, true)))
      vi.stubEnv(tables[key as keyof typeof tables].envVar, `${key}-test`);
    vi.resetModules();
    const module = (await import(
      /* @vite-ignore */ new URL(`../../../lambdas/${route.area}/handler.ts`, import.meta.url).href
    )) as Record<string, unknown>;
    expect(typeof module[route.id]).toBe('function');
  });
});
