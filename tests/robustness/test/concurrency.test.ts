// 200 concurrent mixed calls on one stdio session per app: all answered, `_meta` never bleeds between calls.
import { describe, expect, it } from 'vitest';
import { checkCallAnswer } from '../src/fuzz/check.js';
import { listTools } from '../src/fuzz/run.js';
import { readAnswer } from '../src/load/answer.js';
import { planCalls } from '../src/load/call-mix.js';
import { APPS, spawnApp } from '../src/servers.js';

describe.each(APPS)('concurrency %s', (app) => {
  it('200 concurrent calls, each with its own _meta', async () => {
    const server = await spawnApp(app, { env: { MCP_SCHEMA_KEY_NORMALIZATION_META: '1' } });
    const plan = planCalls(await listTools(server), 200);
    const answers = await Promise.all(
      plan.map((c) => server.callToolText(c.tool, JSON.stringify(c.args), 60_000)),
    );
    const requestIds: string[] = [];
    const kinds: Record<string, number> = {};
    answers.forEach((answer, i) => {
      const call = plan[i]!;
      expect(checkCallAnswer(answer)).not.toMatchObject({ kind: 'violation' });
      const read = readAnswer(answer);
      const outcome = read.isError ? read.envelope!.error_code : 'ok';
      kinds[`${call.kind}:${outcome}`] = (kinds[`${call.kind}:${outcome}`] ?? 0) + 1;
      if (read.envelope) expect(read.envelope.tool, `call ${i}`).toBe(call.tool);
      if (call.kind === 'unknown_tool') expect(read.envelope?.error_kind).toBe('tool_not_found');
      if (call.kind === 'bad_args') expect(read.envelope?.error_code).toBe('SCHEMA_ADDITIONAL_PROPERTIES');
      const events = (read.meta.normalized ?? []) as { kind?: string }[];
      // Normalization events only on the calls that had renamed keys (or the unknown key of bad_args).
      if (call.kind === 'valid' || call.kind === 'unknown_tool')
        expect(events, `call ${i} ${call.tool}`).toEqual([]);
      if (call.kind === 'renamed' && !read.isError) expect(events.length, `call ${i}`).toBeGreaterThan(0);
      if (typeof read.meta.request_id === 'string') requestIds.push(read.meta.request_id);
    });
    console.log(`${app}: outcomes ${JSON.stringify(kinds)}; request ids ${requestIds.length}`);
    expect(new Set(requestIds).size, 'request ids shared between calls').toBe(requestIds.length);
    expect(requestIds.length).toBeGreaterThan(0);
    expect((await server.close()).code).toBe(0);
  });
});
