// Property: any JSON arguments against any generated tool schema give ok or a valid envelope, never a throw.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { toCallToolResult } from '../src/server/result.js';
import { hostWith, tool } from './helpers.js';
import { args, rootSchema } from '@obmcp/schema-arbitraries';

const RUNS = { numRuns: 200 };
const validOnWire = (value: unknown) => validateEnvelope(JSON.parse(JSON.stringify(value))).valid;

const env = fc.record({
  MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: fc.constantFrom('true', 'false'),
  MCP_SCHEMA_KEY_NORMALIZATION_META: fc.constantFrom('true', 'false'),
  MCP_STRICT_UNKNOWN_FIELDS: fc.constantFrom('true', 'false'),
});

test('arbitrary JSON arguments against arbitrary tool schemas → ok or a schema-valid envelope, never a throw', async () => {
  await fc.assert(
    fc.asyncProperty(rootSchema, args, env, async (inputSchema, input, settings) => {
      const host = hostWith([tool('t', inputSchema)], settings);
      const outcome = await host.invoke('t', JSON.parse(JSON.stringify(input)), {
        signal: new AbortController().signal,
        listedOnly: true,
      });
      const wire = toCallToolResult(outcome, () => {
        throw new Error('an echoed JSON value is always serialisable');
      });
      expect(wire.content).toHaveLength(1);
      if (outcome.outcome.ok) return;
      const { envelope } = outcome.outcome;
      expect(validOnWire(envelope)).toBe(true);
      // the pipeline itself never crashes: only validation or body-coercion envelopes come back
      expect(['mcp_input_validation', 'sp_api_client']).toContain(envelope.error_kind);
      expect((wire.content[0] as { text: string }).text).toBe(JSON.stringify(envelope));
    }),
    RUNS,
  );
}, 60_000); // each run compiles a fresh schema with ajv
