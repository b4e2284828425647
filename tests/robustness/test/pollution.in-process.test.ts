// In-process fuzz of the contract host (a representative tool set) and of each app's host: no prototype pollution.
import { createToolHost, silentLogger } from '@obmcp/mcp-server/testing';
import { readContractSettings } from '@obmcp/mcp-server/config';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { startMockServer } from '@obmcp/upstream-mocks';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { argsText } from '../src/fuzz/args.js';
import { fuzzTargets } from '../src/fuzz/tool-selection.js';
import { inProcessApp } from '../src/in-process.js';
import { APPS } from '../src/servers.js';
import { representativeProfile, representativeTools } from '../src/representative-tools.js';

const mocks = startMockServer();
afterAll(() => mocks.close());

const protoKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const BASELINE = protoKeys();

function assertClean(label: string): void {
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted, label).toBeUndefined();
  expect(Object.hasOwn(Object.prototype, 'polluted'), label).toBe(false);
  expect(protoKeys(), label).toBe(BASELINE);
  expect(Object.getPrototypeOf(Array.prototype), label).toBe(Object.prototype);
}

function assertOutcome(outcome: { ok: boolean; envelope?: unknown }): void {
  if (!outcome.ok) expect(validateEnvelope(outcome.envelope).errors).toEqual([]);
}

describe('prototype pollution', () => {
  it('the contract host with a representative tool set', async () => {
    const host = createToolHost(
      representativeProfile,
      representativeTools,
      [],
      readContractSettings({}),
      silentLogger,
    );
    for (const tool of host.listed()) {
      await fc.assert(
        fc.asyncProperty(
          argsText({
            name: tool.name,
            inputSchema: tool.inputSchema,
            ...(tool._meta ? { _meta: tool._meta } : {}),
          }),
          async (text) => {
            const { outcome } = await host.invoke(tool.name, JSON.parse(text), {
              signal: AbortSignal.timeout(5_000),
              listedOnly: true,
            });
            assertOutcome(outcome);
            assertClean(`${tool.name} ${text.slice(0, 200)}`);
          },
        ),
        { numRuns: 60, seed: 7 },
      );
    }
  });

  it.each(APPS)('%s tools in process', async (app) => {
    const { contract } = await inProcessApp(app);
    for (const tool of fuzzTargets(contract.host.listed())) {
      const samples = fc.sample(argsText(tool), { numRuns: 8, seed: 11 });
      for (const text of samples) {
        const { outcome } = await contract.host.invoke(tool.name, JSON.parse(text), {
          signal: AbortSignal.timeout(10_000),
          listedOnly: true,
        });
        assertOutcome(outcome);
        assertClean(`${app}/${tool.name} ${text.slice(0, 200)}`);
      }
    }
  });
});
