// classifyFailure: which failure wins when several are true at once.
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
});
