// runConformance's per-call timeout reaches every call, get_envelope_contract's included (a cold server's first call).
import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import { ERROR_CODE_MAPPING } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.js';

/** A client stand-in that answers like a conforming server and records each tools/call's request options. */
function recordingClient(): { client: Client; calls: Array<{ name: string; timeout: number | undefined }> } {
  const calls: Array<{ name: string; timeout: number | undefined }> = [];
  const contract = { contract_version: 1, error_kinds: ['internal_error'], mapping: ERROR_CODE_MAPPING };
  const stub = {
    getServerCapabilities: () => ({
      experimental: { openbridge_envelope: { contract_version: 1, error_kinds: ['internal_error'] } },
    }),
    getServerVersion: () => ({ name: 'stub', version: '0' }),
    listTools: async () => ({
      tools: [
        {
          name: 'get_envelope_contract',
          inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        },
      ],
    }),
    callTool: async (params: { name: string }, options?: RequestOptions) => {
      calls.push({ name: params.name, timeout: options?.timeout });
      return { content: [{ type: 'text', text: JSON.stringify(contract) }], structuredContent: contract };
    },
  };
  return { client: stub as unknown as Client, calls };
}

describe('callTimeoutMs', () => {
  it('is the timeout of the get_envelope_contract call too, not a fixed 30 s', async () => {
    const { client, calls } = recordingClient();
    const run = await runConformance(client, { sections: ['contract_tool'], callTimeoutMs: 123_456 });
    expect(run.report.checks.find((c) => c.id === 'contract_tool.answers')?.status).toBe('pass');
    expect(calls).toEqual([{ name: 'get_envelope_contract', timeout: 123_456 }]);
  });
});
