// The stdin line guard: JSON-RPC answers for lines the SDK would drop silently; everything else passes through.
import { describe, expect, it } from 'vitest';
import { createLineGuard, judgeLine } from '../src/server/stdio-line-guard.js';

describe('judgeLine', () => {
  it.each([
    ['{', null, -32700],
    ['not json', null, -32700],
    ['\u0000\u0001', null, -32700],
    ['[]', null, -32600],
    ['[{"jsonrpc":"2.0","id":"b","method":"ping"}]', null, -32600],
    ['null', null, -32600],
    ['42', null, -32600],
    ['{"jsonrpc":"1.0","id":"x","method":"ping"}', 'x', -32600],
    ['{"jsonrpc":"2.0","id":3,"method":5}', 3, -32600],
    ['{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', null, -32600],
    ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}', null, -32600],
    ['{"jsonrpc":"2.0","id":7,"method":"tools/call","params":[]}', 7, -32602],
    ['{"jsonrpc":"2.0","id":"s","method":"tools/call","params":"x"}', 's', -32602],
  ])('%s → id %s, code %s', (line, id, code) => {
    expect(judgeLine(line)).toMatchObject({ action: 'answer', id, code });
  });

  it.each([
    '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"x"}}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":4,"result":{}}',
    '{"jsonrpc":"2.0","id":4,"error":{"code":-1,"message":"no"}}',
  ])('forwards %s', (line) => {
    expect(judgeLine(line)).toEqual({ action: 'forward' });
  });

  it.each([
    '',
    '   ',
    '{"jsonrpc":"2.0","method":"notifications/x","params":[1]}',
    '{"jsonrpc":"2.0","id":4}',
  ])('drops %j without an answer (nobody waits for one)', (line) => {
    expect(judgeLine(line).action).toBe('drop');
  });

  it('never echoes the input in the answer', () => {
    const verdict = judgeLine('{"secret":"canary-9d1f", oops');
    expect(JSON.stringify(verdict)).not.toContain('canary-9d1f');
  });
});

async function run(chunks: (string | Buffer)[]) {
  const replies: string[] = [];
  const rejected: string[] = [];
  const guard = createLineGuard({
    reply: (l) => replies.push(l),
    onRejected: (v) => rejected.push(v.action),
  });
  const forwarded: Buffer[] = [];
  guard.on('data', (b: Buffer) => forwarded.push(b));
  for (const c of chunks) guard.write(c);
  guard.end();
  await new Promise((r) => guard.on('end', r));
  return { forwarded: Buffer.concat(forwarded).toString('utf8'), replies, rejected };
}

describe('createLineGuard', () => {
  it('reassembles lines split across chunks (also inside a multi-byte character); \\r stays for the SDK framing', async () => {
    const line = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"q":"é😀"}}';
    const bytes = Buffer.from(`${line}\r\n`);
    const { forwarded, replies } = await run([
      bytes.subarray(0, 10),
      bytes.subarray(10, 57),
      bytes.subarray(57),
    ]);
    expect(forwarded).toBe(`${line}\r\n`);
    expect(replies).toEqual([]);
  });

  it('answers bad lines in place and forwards the good ones around them, in order', async () => {
    const { forwarded, replies, rejected } = await run([
      '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{\n\n',
      '[1]\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n',
    ]);
    expect(
      forwarded
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([1, 2]);
    expect(replies.map((r) => JSON.parse(r))).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.any(String) } },
    ]);
    expect(rejected).toEqual(['answer', 'answer']);
  });

  it('a chunk of whole valid lines passes byte for byte', async () => {
    const chunk =
      '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n';
    const { forwarded, replies } = await run([Buffer.from(chunk)]);
    expect(forwarded).toBe(chunk);
    expect(replies).toEqual([]);
  });

  it('a line without its newline yet is held back, as the SDK framing does', async () => {
    const { forwarded, replies } = await run(['{"jsonrpc":"2.0","id":1,"method":"ping"}']);
    expect(forwarded).toBe('');
    expect(replies).toEqual([]);
  });
});
