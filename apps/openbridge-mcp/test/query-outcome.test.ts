// execute_query whose answer never came: the warehouse may still run the statement, so the envelope is not retryable.
import { PartialWriteError, UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import { envelopeFromThrown, validateEnvelope } from '@obmcp/contract/envelope';
import { describe, expect, it } from 'vitest';
import { profile } from '../src/profile.js';
import { QueryOutcomeUnknownError, queryMayStillRun } from '../src/tools/query-outcome.js';

const timeout = new UpstreamTransportError('UPSTREAM_TIMEOUT', { summary: 'no answer', details: [] });
const gateway = new UpstreamHttpError(504, { details: [] });
const envelope = (error: unknown) => envelopeFromThrown(error, { profile, tool: 'execute_query' });

describe('a query the warehouse may still be running', () => {
  it('is our timeout or a gateway 504; a reset, a 500, a 400 or an unreadable answer is not', () => {
    expect(queryMayStillRun(timeout)).toBe(true);
    expect(queryMayStillRun(gateway)).toBe(true);
    expect(queryMayStillRun(new UpstreamTransportError('UPSTREAM_UNREACHABLE'))).toBe(false);
    expect(queryMayStillRun(new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE'))).toBe(false);
    expect(queryMayStillRun(new UpstreamHttpError(500))).toBe(false);
    expect(queryMayStillRun(new UpstreamHttpError(400))).toBe(false);
    expect(queryMayStillRun(new Error('UPSTREAM_TIMEOUT'))).toBe(false);
  });

  it('after a timeout: UPSTREAM_TIMEOUT kept, not retryable, says it may still run and what to change first', () => {
    const error = new QueryOutcomeUnknownError(timeout, 45);
    expect(error).toBeInstanceOf(PartialWriteError);
    const out = envelope(error);
    expect(validateEnvelope(out).valid).toBe(true);
    expect(out).toMatchObject({
      error_kind: 'sp_api_client',
      error_code: 'UPSTREAM_TIMEOUT',
      retryable: false,
      summary:
        'The query was sent but no answer within timeout_seconds (45); the warehouse may still be running it.',
    });
    expect(out.details[0]).toEqual({
      path: '',
      issue:
        'the query may still be running in the warehouse: it is not cancelled, and whether it finished is unknown',
      received_type: 'upstream_query',
      reason: 'outcome_unknown',
    });
    expect(out.hints[0]).toMatch(/^Do not resend it unchanged/);
    expect(out.hints[1]).toMatch(/raise timeout_seconds \(at most 120\)/);
  });

  it('after a gateway 504: OPENBRIDGE_HTTP_504 kept, not retryable, the gateway named', () => {
    expect(envelope(new QueryOutcomeUnknownError(timeout)).summary).toContain('timeout_seconds (30)');
    const out = envelope(new QueryOutcomeUnknownError(gateway, 30));
    expect(out).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_504', retryable: false });
    expect(out.summary).toBe(
      "The query was sent but the Query API's gateway gave up waiting (HTTP 504); the warehouse may still be running it.",
    );
  });
});
