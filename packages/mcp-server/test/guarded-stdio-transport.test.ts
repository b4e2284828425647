// GuardedStdioTransport on in-memory streams: what reaches the SDK, what gets answered, stdout framing.
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { GuardedStdioTransport, type LineRejection } from '../src/server/guarded-stdio-transport.js';

async function drive(chunks: string[], maxMessageBytes?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const written: string[] = [];
  stdout.on('data', (b: Buffer) => written.push(b.toString('utf8')));
  const rejected: LineRejection[] = [];
  const transport = new GuardedStdioTransport({
    stdin,
    stdout,
    onRejected: (r) => rejected.push(r),
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
  });
  const messages: JSONRPCMessage[] = [];
  transport.onmessage = (m) => messages.push(m);
  await transport.start();
  for (const c of chunks) stdin.write(c);
  await new Promise((r) => setImmediate(r));
  const answers = written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: unknown; error: { code: number; message: string } });
  return { transport, stdin, stdout, written, messages, answers, rejected };
}

describe('GuardedStdioTransport', () => {
  it('hands valid messages to the SDK in order, answers bad lines in place and skips blank ones', async () => {
    const { messages, answers, rejected } = await drive([
      '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{\n\n',
      '[1]\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"me',
      'thod":"ping"}\r\n',
    ]);
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    expect(answers.map((a) => [a.error.code, a.id])).toEqual([
      [-32700, null],
      [-32600, null],
    ]);
    expect(rejected.map((r) => r.action)).toEqual(['answer', 'answer']);
  });

  it('answers a request the MCP message schema refuses with its own id instead of dropping it', async () => {
    const { messages, answers } = await drive([
      '{"jsonrpc":"2.0","id":"r1","method":"ping","params":{"_meta":5}}\n',
    ]);
    expect(messages).toEqual([]);
    expect(answers).toEqual([
      {
        jsonrpc: '2.0',
        id: 'r1',
        error: { code: -32600, message: expect.stringContaining('Invalid Request') },
      },
    ]);
  });

  it('answers an oversized line once, discards it and keeps reading (the SDK transport closes instead)', async () => {
    const big = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'y'.repeat(300)}"}}\n`;
    const { messages, answers } = await drive(
      [big.slice(0, 100), big.slice(100), '{"jsonrpc":"2.0","id":2,"method":"ping"}\n'],
      128,
    );
    expect(answers.map((a) => [a.error.code, a.id])).toEqual([[-32600, null]]);
    expect(answers[0]?.error.message).toContain('128-byte limit');
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
  });

  it('send writes one JSON line; close stops reading, pauses stdin and reports onclose', async () => {
    const { transport, stdin, written, messages } = await drive([]);
    await transport.send({ jsonrpc: '2.0', id: 7, result: {} });
    expect(written.join('')).toBe('{"jsonrpc":"2.0","id":7,"result":{}}\n');
    let closed = false;
    transport.onclose = () => {
      closed = true;
    };
    await transport.close();
    expect(closed).toBe(true);
    expect(stdin.isPaused()).toBe(true);
    stdin.write('{"jsonrpc":"2.0","id":8,"method":"ping"}\n');
    await new Promise((r) => setImmediate(r));
    expect(messages).toEqual([]);
  });

  it('a listener that throws is reported through onerror and the rest of the chunk still arrives', async () => {
    const stdin = new PassThrough();
    const transport = new GuardedStdioTransport({ stdin, stdout: new PassThrough() });
    const seen: unknown[] = [];
    const errors: Error[] = [];
    transport.onmessage = (m) => {
      seen.push((m as { id: unknown }).id);
      if (seen.length === 1) throw new Error('listener bug');
    };
    transport.onerror = (e) => errors.push(e);
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([1, 2]);
    expect(errors.map((e) => e.message)).toEqual(['listener bug']);
  });

  it('refuses a second start', async () => {
    const { transport } = await drive([]);
    await expect(transport.start()).rejects.toThrow(/already started/);
  });

  it('answers a request with malformed inputResponses -32602 itself (SEP-2322) and forwards a well-formed one', async () => {
    const bad = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 't', inputResponses: null } };
    const good = {
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: { name: 't', inputResponses: { a: {} } },
    };
    const { messages, answers } = await drive([`${JSON.stringify(bad)}\n${JSON.stringify(good)}\n`]);
    expect(answers).toEqual([
      {
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32602, message: expect.stringMatching(/inputResponses must be an object/) },
      },
    ]);
    expect(messages).toEqual([good]);
  });
});
