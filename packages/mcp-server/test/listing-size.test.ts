// The start-up warning for listings larger than a model provider accepts in one request.
import { describe, expect, it } from 'vitest';
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import { createContractServer } from '../src/entries/server.js';
import { PROVIDER_TOOL_LIMITS } from '../src/server/listing-size.js';
import { capturingLogger, tool } from './helpers.js';

const tools = (n: number) =>
  Array.from({ length: n }, (_, i) => tool(`t${i}`, { type: 'object', properties: {}, examples: [{}] }));

function warningsFor(count: number, toolsetsVariable?: string) {
  const log = capturingLogger();
  const profile = { ...exampleProfile, ...(toolsetsVariable ? { toolsetsVariable } : {}) };
  // get_envelope_contract is listed too: count - 1 tools of our own make `count` listed tools.
  createContractServer({ profile, tools: tools(count - 1), env: {}, logger: log.logger });
  return log.records().filter((r) => r.level === 'warn');
}

describe('large listing warning', () => {
  it('the limits are the documented ones (OpenAI 128, Gemini 512)', () => {
    expect(PROVIDER_TOOL_LIMITS).toEqual({ OpenAI: 128, Gemini: 512 });
  });

  it('none at the smallest limit', () => {
    expect(warningsFor(128)).toEqual([]);
  });

  it('one line above it, naming Code Mode and the toolsets variable', () => {
    const [warning, ...more] = warningsFor(129, 'SP_API_TOOLSETS');
    expect(more).toEqual([]);
    expect(warning?.msg).toContain('129 tools');
    expect(warning?.msg).toContain('OpenAI (128)');
    expect(warning?.msg).not.toContain('Gemini');
    expect(warning?.fix).toEqual(['CODE_MODE=only', 'fewer SP_API_TOOLSETS']);
    expect(warning?.msg).toBe(
      'tools/list has 129 tools, more than OpenAI (128) accepts in one request; use CODE_MODE=only or fewer SP_API_TOOLSETS (docs/CLIENTS.md)',
    );
  });

  it('both limits named above 512', () => {
    const [warning] = warningsFor(600);
    expect(warning?.msg).toContain('OpenAI (128) and Gemini (512)');
    expect(warning?.fix).toEqual(['CODE_MODE=only']);
  });
});
