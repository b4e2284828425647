// SEP-2322: which requests' `inputResponses` are refused -32602, with what message, and which pass untouched.
import { describe, expect, it } from 'vitest';
import { refuseMalformedInputResponses } from '../src/server/input-responses.js';

const request = (method: string, inputResponses: unknown, id: unknown = 7) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: { name: 't', inputResponses },
});
const refusal = (id: string | number, problem: string) => ({
  id,
  error: { code: -32602, message: `Invalid params: ${problem}` },
});
const WHOLE = 'inputResponses must be an object of answers keyed like the inputRequests';

describe('refuseMalformedInputResponses', () => {
  it('refuses a field that is not an object, naming what it got, on each method that takes answers', () => {
    expect(refuseMalformedInputResponses(request('tools/call', null))).toEqual(
      refusal(7, `${WHOLE} (got null)`),
    );
    expect(refuseMalformedInputResponses(request('prompts/get', [], 'r1'))).toEqual(
      refusal('r1', `${WHOLE} (got an array)`),
    );
    expect(refuseMalformedInputResponses(request('resources/read', 5))).toEqual(
      refusal(7, `${WHOLE} (got number)`),
    );
    expect(refuseMalformedInputResponses(request('tools/call', 'yes'))).toEqual(
      refusal(7, `${WHOLE} (got string)`),
    );
  });

  it('refuses every answer that is not an object, each named by its key', () => {
    expect(
      refuseMalformedInputResponses(request('tools/call', { ok: {}, a: 'yes', b: [1], c: null, d: 0 })),
    ).toEqual(
      refusal(
        7,
        'inputResponses.a must be an object (got string); inputResponses.b must be an object (got an array); ' +
          'inputResponses.c must be an object (got null); inputResponses.d must be an object (got number)',
      ),
    );
  });

  it('lets well-formed answers, an empty object and requests without the field through', () => {
    expect(refuseMalformedInputResponses(request('tools/call', { a: { action: 'accept' } }))).toBeUndefined();
    expect(refuseMalformedInputResponses(request('tools/call', {}))).toBeUndefined();
    expect(
      refuseMalformedInputResponses({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't' } }),
    ).toBeUndefined();
  });

  it('leaves other methods, notifications, odd ids and non-object params to the rest of the stack', () => {
    expect(refuseMalformedInputResponses(request('tools/list', null))).toBeUndefined();
    expect(refuseMalformedInputResponses(request('tasks/update', null))).toBeUndefined();
    expect(refuseMalformedInputResponses(request('tools/call', null, null))).toBeUndefined();
    expect(refuseMalformedInputResponses(request('tools/call', null, { id: 1 }))).toBeUndefined();
    const { id: _id, ...notification } = request('tools/call', null);
    expect(refuseMalformedInputResponses(notification)).toBeUndefined();
    expect(
      refuseMalformedInputResponses({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: [1] }),
    ).toBeUndefined();
    expect(refuseMalformedInputResponses({ jsonrpc: '2.0', id: 1, method: 5 })).toBeUndefined();
    expect(refuseMalformedInputResponses([request('tools/call', null)])).toBeUndefined();
    expect(refuseMalformedInputResponses(null)).toBeUndefined();
  });
});
