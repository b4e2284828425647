// Judging stdin lines: JSON-RPC answers for lines the SDK would drop silently; everything else is forwarded parsed.
import { describe, expect, it } from 'vitest';
import { judgeLine, judgeOversized, judgeSchemaMismatch } from '../src/server/stdio-line-verdict.js';

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
  ])('forwards %s, parsed once', (line) => {
    expect(judgeLine(line)).toEqual({ action: 'forward', message: JSON.parse(line) });
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

describe('judgeSchemaMismatch / judgeOversized', () => {
  it('answers a request the MCP schema refuses with its id, drops anything else', () => {
    expect(judgeSchemaMismatch({ jsonrpc: '2.0', id: 9, method: 'ping' })).toMatchObject({
      action: 'answer',
      id: 9,
      code: -32600,
    });
    expect(judgeSchemaMismatch({ jsonrpc: '2.0', method: 'notifications/x' }).action).toBe('drop');
    expect(judgeSchemaMismatch({ jsonrpc: '2.0', id: 4, result: 5 }).action).toBe('drop');
  });

  it('answers an oversized line with id null (nothing of it was parsed) and names the limit', () => {
    const verdict = judgeOversized(2048, 1024);
    expect(verdict).toMatchObject({ action: 'answer', id: null, code: -32600 });
    expect(verdict.action === 'answer' && verdict.message).toContain('1024-byte limit');
  });
});

describe('what each refused line is told (the client reads the message)', () => {
  it.each([
    ['{', null, -32700, 'Parse error: the line is not JSON'],
    ['[]', null, -32600, 'Invalid Request: a batch (arrays are not supported by MCP)'],
    ['"x"', null, -32600, 'Invalid Request: not an object'],
    ['{"jsonrpc":"1.0","id":"x","method":"ping"}', 'x', -32600, 'Invalid Request: jsonrpc must be "2.0"'],
    ['{"jsonrpc":"2.0","id":3,"method":5}', 3, -32600, 'Invalid Request: method must be a string'],
    [
      '{"jsonrpc":"2.0","id":true,"method":"ping"}',
      null,
      -32600,
      'Invalid Request: id must be a string or an integer',
    ],
    [
      '{"jsonrpc":"2.0","id":7,"method":"x","params":[]}',
      7,
      -32602,
      'Invalid params: params must be an object',
    ],
  ])('%s → %s %s %s', (line, id, code, message) => {
    expect(judgeLine(line)).toEqual({ action: 'answer', id, code, message });
  });

  it('says why a line is dropped', () => {
    expect(judgeLine(' ')).toEqual({ action: 'drop', reason: 'blank line' });
    expect(judgeLine('{"jsonrpc":"2.0","id":{"a":1},"result":{}}')).toEqual({
      action: 'drop',
      reason: 'malformed response',
    });
    expect(judgeLine('{"jsonrpc":"2.0","method":"n","params":1}')).toEqual({
      action: 'drop',
      reason: 'notification with non-object params',
    });
    expect(judgeSchemaMismatch({ jsonrpc: '2.0', method: 'x' })).toEqual({
      action: 'drop',
      reason: 'message does not match the JSON-RPC schema',
    });
    expect(judgeSchemaMismatch({ jsonrpc: '2.0', id: 2, method: 'x' })).toEqual({
      action: 'answer',
      id: 2,
      code: -32600,
      message: 'Invalid Request: not a valid JSON-RPC request (MCP schema)',
    });
  });
});
