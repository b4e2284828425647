// The generated SP-API tools split into two halves by their position in tools/list, one in-process server per half,
// so the two halves run in parallel workers; together they check every generated tool (see generated-tools.*.test.ts).
import { validateEnvelope } from '@obmcp/contract/envelope';
import { OPERATION_META_KEY } from '@obmcp/openapi-tools';
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatedOperations } from './curated-tools.js';
import { startSpAll } from './start-all.js';

export const SHARDS = 2;

export interface ListedTool {
  name: string;
  inputSchema: { required?: string[] };
  _meta?: Record<string, unknown>;
}

/** The published examples (tools/list carries them in `_meta["io.obmcp/examples"]`). */
export const examplesOf = (tool: ListedTool) =>
  (tool._meta?.['io.obmcp/examples'] ?? []) as Record<string, unknown>[];

/** Every generated (non-curated) tool of a server listing all toolsets, in tools/list order. */
export async function generatedTools(sp: TestServer): Promise<ListedTool[]> {
  const curated = curatedOperations();
  const { tools } = await sp.client.listTools();
  return (tools as ListedTool[]).filter((t) => t._meta?.[OPERATION_META_KEY] && !(t.name in curated));
}

/** The tools of shard `shard` (0-based): every SHARDS-th tool from position `shard`; the shards partition the list. */
export const shardOf = <T>(tools: T[], shard: number): T[] => tools.filter((_, i) => i % SHARDS === shard);

/** Starts the server of a shard: all toolsets, writes on, warmed up; `use` receives it and the generated tools. */
export function generatedShardServer(
  use: (sp: () => TestServer, generated: () => ListedTool[]) => void,
): void {
  let sp: TestServer | undefined;
  let generated: ListedTool[] = [];
  beforeAll(async () => {
    // The ~18 restricted read operations each get a restricted-data token first, paced by the Tokens
    // API's usage plan (1/s, burst 10): the limiter may wait for a slot rather than refuse it.
    sp = await startSpAll({ SP_API_LIMITER_MAX_WAIT_MS: '5000' });
    // The mocks load their spec engine on the first SP request (about a second on a loaded machine, near the
    // mock-mode upstream timeout): one warm-up call first, so no generated tool's result depends on that.
    await callTool(sp.client, 'get_marketplace_participations', {});
    generated = await generatedTools(sp);
  }, 60_000);
  afterAll(async () => {
    await sp?.close();
  });
  use(
    () => {
      if (!sp) throw new Error('sp-mcp did not start');
      return sp;
    },
    () => generated,
  );
}

/** Shard `shard`'s checks: each of its tools succeeds with its first example, and answers bad input with the SCHEMA_* code. */
export function describeGeneratedShard(
  shard: number,
  sp: () => TestServer,
  generated: () => ListedTool[],
): void {
  describe(`generated tools, shard ${shard + 1} of ${SHARDS}`, () => {
    it('calls each generated tool of the shard with its first example and gets a result', {
      timeout: 600_000,
    }, async () => {
      const mine = shardOf(generated(), shard);
      expect(mine.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const tool of mine) {
        const args = examplesOf(tool)[0]!;
        const { envelope } = await callTool(sp().client, tool.name, args);
        if (envelope) failures.push(`${tool.name}: ${envelope.error_code} ${envelope.summary}`);
      }
      expect(failures).toEqual([]);
    });

    it('answers missing required arguments with SCHEMA_REQUIRED and unknown ones with SCHEMA_ADDITIONAL_PROPERTIES', {
      timeout: 600_000,
    }, async () => {
      const wrong: string[] = [];
      for (const tool of shardOf(generated(), shard)) {
        const required = tool.inputSchema.required ?? [];
        const args = required.length > 0 ? {} : { zz_not_an_argument: 1 };
        const { envelope } = await callTool(sp().client, tool.name, args);
        const expected = required.length > 0 ? 'SCHEMA_REQUIRED' : 'SCHEMA_ADDITIONAL_PROPERTIES';
        if (!envelope || envelope.error_code !== expected || !validateEnvelope(envelope).valid)
          wrong.push(`${tool.name}: ${envelope?.error_code ?? 'success'}`);
      }
      expect(wrong).toEqual([]);
    });
  });
}
