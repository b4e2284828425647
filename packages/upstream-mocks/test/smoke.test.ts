import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { operationRoutes } from '../src/spec/index.js';
import { call, loadOperation } from './support/spec-calls.js';
const server = startMockServer();
afterAll(() => server.close());
it('smoke', async () => {
  const fails: string[] = []; const statuses = new Map<number, number>();
  for (const family of ['sp-api', 'amazon-ads'] as const) {
    for (const route of operationRoutes(family)) {
      const op = await loadOperation(route);
      try {
        const r = await call(op);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status >= 300 || r.problems.length) fails.push(`${family} ${route.api} ${route.operationId} ${r.status} ${r.problems.slice(0,2).join(' | ')} ${r.status>=300?JSON.stringify(r.body).slice(0,300):''}`);
      } catch (e) { fails.push(`${family} ${route.operationId} THROW ${(e as Error).message.slice(0,200)}`); }
    }
  }
  console.log([...statuses]); console.log(fails.length); console.log(fails.join('\n'));
}, 600000);
