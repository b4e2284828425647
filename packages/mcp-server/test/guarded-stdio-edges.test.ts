// GuardedStdioTransport's edges: stdin errors, dropped lines reported, a shared stdin left flowing, stdout backpressure.
import { PassThrough, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { GuardedStdioTransport, type LineRejection } from '../src/server/guarded-stdio-transport.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('GuardedStdioTransport edges', () => {
  it('a stdin error reaches onerror', async () => {
    const stdin = new PassThrough();
    const transport = new GuardedStdioTransport({ stdin, stdout: new PassThrough() });
    const errors: Error[] = [];
    transport.onerror = (e) => errors.push(e);
    await transport.start();
    stdin.emit('error', new Error('EIO on stdin'));
    expect(errors.map((e) => e.message)).toEqual(['EIO on stdin']);
  });

  it('a stdin that yields strings (an encoding set on it) is framed the same', async () => {
    const stdin = new PassThrough();
    stdin.setEncoding('utf8');
    const transport = new GuardedStdioTransport({ stdin, stdout: new PassThrough() });
    const messages: JSONRPCMessage[] = [];
    transport.onmessage = (m) => messages.push(m);
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":"é1","method":"ping"}\n{"jsonrpc":"2.0",');
    stdin.write('"id":2,"method":"ping"}\n');
    await tick();
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 'é1', method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
  });

  it('a listener throwing a non-Error is reported as an Error with its text', async () => {
    const stdin = new PassThrough();
    const transport = new GuardedStdioTransport({ stdin, stdout: new PassThrough() });
    const errors: Error[] = [];
    transport.onerror = (e) => errors.push(e);
    transport.onmessage = () => {
      throw 'plain string thrown';
    };
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await tick();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(Error);
    expect(errors[0]?.message).toBe('plain string thrown');
  });

  it('responses to the server’s requests are forwarded; a malformed one is dropped unanswered and reported', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (b: Buffer) => {
      written += b.toString('utf8');
    });
    const rejected: LineRejection[] = [];
    const transport = new GuardedStdioTransport({ stdin, stdout, onRejected: (r) => rejected.push(r) });
    const messages: JSONRPCMessage[] = [];
    transport.onmessage = (m) => messages.push(m);
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":3,"result":{}}\n{"jsonrpc":"2.0","result":{}}\n');
    stdin.write('{"jsonrpc":"2.0","method":"notifications/x","params":"p"}\n');
    await tick();
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 3, result: {} }]);
    expect(rejected).toEqual([
      { action: 'drop', reason: 'malformed response' },
      { action: 'drop', reason: 'notification with non-object params' },
    ]);
    expect(written).toBe('');
  });

  it('close leaves a stdin that someone else still reads flowing', async () => {
    const stdin = new PassThrough();
    const other: string[] = [];
    stdin.on('data', (b: Buffer) => other.push(b.toString('utf8')));
    const transport = new GuardedStdioTransport({ stdin, stdout: new PassThrough() });
    await transport.start();
    await transport.close();
    expect(stdin.isPaused()).toBe(false);
    stdin.write('still read\n');
    await tick();
    expect(other).toEqual(['still read\n']);
  });

  it('send waits for stdout to drain when its buffer is full', async () => {
    const pending: Array<() => void> = [];
    const stdout = new Writable({
      highWaterMark: 8,
      write(_chunk, _encoding, done) {
        pending.push(done);
      },
    });
    const transport = new GuardedStdioTransport({ stdin: new PassThrough(), stdout });
    let sent = false;
    const sending = transport.send({ jsonrpc: '2.0', id: 1, result: { long: 'x'.repeat(64) } }).then(() => {
      sent = true;
    });
    await tick();
    expect(sent).toBe(false);
    for (const done of pending.splice(0)) done();
    await sending;
    expect(sent).toBe(true);
  });

  it('by default a 10 MiB line is read and one byte more is refused', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (b: Buffer) => {
      written += b.toString('utf8');
    });
    const transport = new GuardedStdioTransport({ stdin, stdout });
    const ids: unknown[] = [];
    transport.onmessage = (m) => ids.push((m as { id: unknown }).id);
    await transport.start();
    const sized = (id: number, bytes: number) => {
      const head = `{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"pad":"`;
      const tail = '"}}';
      return `${head}${'x'.repeat(bytes - head.length - tail.length)}${tail}\n`;
    };
    stdin.write(sized(1, 10 * 1024 * 1024));
    stdin.write(sized(2, 10 * 1024 * 1024 + 1));
    await tick();
    expect(ids).toEqual([1]);
    expect(JSON.parse(written)).toMatchObject({
      id: null,
      error: { code: -32600, message: expect.stringContaining('exceeds the 10485760-byte limit') },
    });
  });

  it('send on a destroyed stdout resolves at once (nobody is listening)', async () => {
    const stdout = new PassThrough();
    stdout.destroy();
    const transport = new GuardedStdioTransport({ stdin: new PassThrough(), stdout });
    await expect(transport.send({ jsonrpc: '2.0', id: 1, result: {} })).resolves.toBeUndefined();
  });
});
