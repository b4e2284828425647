// Raw stdio hardening: malformed lines, unknown methods, invalid params, oversized messages, clean streams.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive } from '../src/fuzz/run.js';
import type { RawServer } from '../src/raw-stdio.js';
import { APPS, spawnApp } from '../src/servers.js';
import { expectCleanStreams } from './support/log-lines.js';

describe.each(APPS)('stdio protocol %s', (app) => {
  let server: RawServer;
  beforeAll(async () => {
    server = await spawnApp(app);
  });
  afterAll(async () => {
    const exit = await server.close();
    expect(exit).toMatchObject({ code: 0, killed: false });
    expectCleanStreams(server);
  });

  it('survives malformed JSON lines (answers -32700 or ignores them)', async () => {
    for (const junk of [
      '{',
      'not json',
      '{"jsonrpc":"2.0","id":',
      '\u0000\u0001',
      '[]',
      '[{"jsonrpc":"2.0","id":"b","method":"ping"}]',
      '{"jsonrpc":"1.0","id":"x","method":"ping"}',
      'null',
      '42',
    ]) {
      server.sendText(junk);
    }
    expect(await alive(server)).toBe(true);
    for (const line of server.stdoutLines) {
      const msg = JSON.parse(line) as { error?: { code: number } };
      if (msg.error) expect([-32700, -32600, -32601, -32602]).toContain(msg.error.code);
    }
  });

  it('answers an unknown method with -32601', async () => {
    const answer = await server.request('tools/frobnicate', {});
    expect(answer.error?.code).toBe(-32601);
  });

  // SDK 1.32 answers schema-invalid params with -32603 (zod issues in the message), not -32602: README §Gaps.
  it('answers invalid tools/call params with a JSON-RPC error', async () => {
    for (const params of [
      '{"name":5}',
      '{}',
      '{"name":"get_envelope_contract","arguments":[1,2]}',
      '{"name":"get_envelope_contract","arguments":"x"}',
    ]) {
      const answer = await server.requestText('tools/call', params);
      expect([-32602, -32603], params).toContain(answer.error?.code);
    }
  });

  // Non-object params fail the SDK's message schema: the line is dropped without an answer (README §Gaps).
  it('stays alive after a request whose params is an array', async () => {
    const answer = server.requestText('tools/call', '[]', 2_000).catch(() => undefined);
    expect(await alive(server)).toBe(true);
    const got = await answer;
    if (got) expect(got.error?.code).toBeLessThan(-32000);
  });

  it('answers a 5 MB tools/call line and a 5 MB junk line, then still pings', async () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    const started = Date.now();
    const answer = await server.callToolText('get_envelope_contract', `{"junk":"${big}"}`, 30_000);
    expect(answer.result?.isError).toBe(true);
    expect(JSON.stringify(answer).length).toBeLessThan(64 * 1024);
    server.sendText(`{"oops":"${big}`);
    expect(await alive(server)).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('rejects a tools/call before tools exist (unknown tool) with an envelope, not a crash', async () => {
    const answer = await server.callToolText('no_such_tool', '{"__proto__":{"polluted":1}}');
    const text = (answer.result?.content as { text: string }[] | undefined)?.[0]?.text ?? '';
    expect(JSON.parse(text)).toMatchObject({ error_kind: 'tool_not_found', _envelope_version: 1 });
  });
});
