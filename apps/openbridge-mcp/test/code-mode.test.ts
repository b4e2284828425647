// Code Mode wiring: CODE_MODE=only lists just the sandbox tools; a script gets envelopes as values and recovers.
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await start({ CODE_MODE: 'only' });
});
afterAll(async () => {
  await server.close();
});

describe('CODE_MODE=only', () => {
  it('lists the sandbox tools instead of the direct ones', async () => {
    const names = (await server.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['execute', 'search_tools', 'get_tool_schema']));
    expect(names).not.toContain('get_subscriptions');
  });

  it('a script fixes a "123" id after reading the envelope, in the same run', async () => {
    const code = `
      const bad = await call_tool('get_subscription_by_id', { subscription_id: '107003' });
      if (!(bad && bad._envelope_version === 1)) throw new Error('expected an envelope');
      const good = await call_tool('get_subscription_by_id', { subscription_id: Number('107003') });
      const caps = await call_tool('get_capabilities', {});
      return { code: bad.error_code, status: good.subscription.status, tools: caps.tools.includes('get_jobs') };
    `;
    const out = await callTool(server.client, 'execute', { code });
    expect(out.envelope).toBeUndefined();
    expect(JSON.stringify(out.result)).toContain('SCHEMA_TYPE_MISMATCH');
    expect(JSON.stringify(out.result)).toContain('"status":"active"');
    expect(JSON.stringify(out.result)).toContain('"tools":true');
  });
});
