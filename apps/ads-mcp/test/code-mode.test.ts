// CODE_MODE=only: the Ads tools run inside the sandbox through call_tool, envelopes come back as values.
import { startInProcess } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { ok, US_PROFILE } from './helpers.js';
import { app } from '../src/app.js';

describe('Code Mode', () => {
  it('lists only the code tools and reaches Ads tools through call_tool', async () => {
    const s = await startInProcess({ app, env: { CODE_MODE: 'only' } });
    try {
      const names = (await s.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['execute', 'search_tools', 'get_tool_schema']));
      expect(names).not.toContain('list_campaigns');
      const code = [
        "const missing = await call_tool('list_campaigns', {});",
        `await call_tool('set_active_profile', { profileId: ${US_PROFILE} });`,
        "const page = await call_tool('list_campaigns', { stateFilter: ['ENABLED'] });",
        'return { missing: missing.error_kind, code: missing.error_code, count: page.count };',
      ].join('\n');
      const r = await ok(s, 'execute', { code });
      expect(JSON.stringify(r)).toContain('"missing":"mcp_input_validation"');
      expect(JSON.stringify(r)).toContain('"count":2');
    } finally {
      await s.close();
    }
  });
});
