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

  it('answers malformed lines per JSON-RPC (-32700 parse error, -32600 invalid request) and stays up', async () => {
    const before = server.stdoutLines.length;
    const junk: Array<[string, number, string | null]> = [
      ['{', -32700, null],
      ['not json', -32700, null],
      ['{"jsonrpc":"2.0","id":', -32700, null],
      ['\u0000\u0001', -32700, null],
      ['[]', -32600, null],
      ['[{"jsonrpc":"2.0","id":"b","method":"ping"}]', -32600, null],
      ['{"jsonrpc":"1.0","id":"x","method":"ping"}', -32600, 'x'],
      ['null', -32600, null],
      ['42', -32600, null],
    ];
    for (const [line] of junk) server.sendText(line);
    expect(await alive(server)).toBe(true);
    const errors = server.stdoutLines
      .slice(before)
      .map((l) => JSON.parse(l) as { id: unknown; error?: { code: number } })
      .filter((m) => m.error);
    expect(errors.map((m) => [m.error?.code, m.id])).toEqual(junk.map(([, code, id]) => [code, id]));
  });

  it('answers an unknown method with -32601', async () => {
    const answer = await server.request('tools/frobnicate', {});
    expect(answer.error?.code).toBe(-32601);
  });

  it('answers invalid tools/call params with -32602 Invalid params', async () => {
    for (const params of [
      '{"name":5}',
      '{}',
      '{"name":"get_envelope_contract","arguments":[1,2]}',
      '{"name":"get_envelope_contract","arguments":"x"}',
      '[]',
      '"x"',
    ]) {
      const answer = await server.requestText('tools/call', params);
      expect(answer.error?.code, params).toBe(-32602);
    }
    expect(await alive(server)).toBe(true);
  });

  it('answers a 5 MB tools/call line and a 5 MB junk line, then still pings', async () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    // A hang guard roomy enough for a loaded 2-core machine (parsing and answering 5 MB is not timed).
    const answer = await server.callToolText('get_envelope_contract', `{"junk":"${big}"}`, 60_000);
    expect(answer.result?.isError).toBe(true);
    expect(JSON.stringify(answer).length).toBeLessThan(64 * 1024);
    server.sendText(`{"oops":"${big}`);
    expect(await alive(server)).toBe(true);
  });

  it('answers a line over the 10 MiB message cap with -32600 (id null) and keeps the session', async () => {
    const before = server.stdoutLines.length;
    server.sendText(
      `{"jsonrpc":"2.0","id":"huge","method":"ping","params":{"x":"${'z'.repeat(10 * 1024 * 1024)}"}}`,
    );
    expect(await alive(server)).toBe(true);
    const errors = server.stdoutLines
      .slice(before)
      .map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string } })
      .filter((m) => m.error);
    expect(errors.map((m) => [m.error?.code, m.id])).toEqual([[-32600, null]]);
    expect(errors[0]?.error?.message).toMatch(/exceeds the 10485760-byte limit/);
  });

  it('rejects a tools/call before tools exist (unknown tool) with an envelope, not a crash', async () => {
    const answer = await server.callToolText('no_such_tool', '{"__proto__":{"polluted":1}}');
    const text = (answer.result?.content as { text: string }[] | undefined)?.[0]?.text ?? '';
    expect(JSON.parse(text)).toMatchObject({ error_kind: 'tool_not_found', _envelope_version: 1 });
  });
});
