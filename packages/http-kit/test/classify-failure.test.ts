// classifyFailure: which failure wins when several are true at once, and which network codes are timeouts.
import { UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../src/classify-failure.js';

const info = { method: 'GET', host: 'api.example.test', timeoutMs: 50 };
const timeout = new DOMException('exchange exceeded 50 ms', 'TimeoutError');

describe('classifyFailure', () => {
  it('the deadline alone → UPSTREAM_TIMEOUT', () => {
    const mapped = classifyFailure(timeout, { info, timedOut: true, caller: new AbortController().signal });
    expect(mapped).toBeInstanceOf(UpstreamTransportError);
    expect((mapped as UpstreamTransportError).code).toBe('UPSTREAM_TIMEOUT');
  });

  it('a caller who aborted gets its own reason even when the deadline fired as well (stuck dispatcher)', () => {
    const reason = new Error('tool cancelled');
    const mapped = classifyFailure(timeout, { info, timedOut: true, caller: AbortSignal.abort(reason) });
    expect(mapped).toBe(reason);
  });

  const idle = { info, timedOut: false, caller: undefined };
  const codeOf = (mapped: unknown): string | undefined =>
    mapped instanceof UpstreamTransportError ? mapped.code : undefined;
  const coded = (code: string, cause = false): Error => {
    const inner = Object.assign(new Error('socket'), { code });
    return cause ? new TypeError('fetch failed', { cause: inner }) : inner;
  };

  it.each(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'])(
    'undici/socket code %s (on the error or its cause) → UPSTREAM_TIMEOUT, the code in details',
    (code) => {
      for (const error of [coded(code), coded(code, true)]) {
        const mapped = classifyFailure(error, idle);
        expect(codeOf(mapped)).toBe('UPSTREAM_TIMEOUT');
        expect((mapped as UpstreamTransportError).details[0]).toMatchObject({ network_code: code });
      }
    },
  );

  it('any other network code → UPSTREAM_UNREACHABLE, whether or not fetch wrapped it in a TypeError', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']) {
      expect(codeOf(classifyFailure(coded(code), idle))).toBe('UPSTREAM_UNREACHABLE');
      expect(codeOf(classifyFailure(coded(code, true), idle))).toBe('UPSTREAM_UNREACHABLE');
    }
  });

  it("fetch's bare TypeError → UPSTREAM_UNREACHABLE; any other error without a network code is not ours to map", () => {
    expect(codeOf(classifyFailure(new TypeError('terminated'), idle))).toBe('UPSTREAM_UNREACHABLE');
    const bug = new Error('handler bug');
    expect(classifyFailure(bug, idle)).toBe(bug);
    const range = new RangeError('bad length');
    expect(classifyFailure(range, idle)).toBe(range);
  });
});
