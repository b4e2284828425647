// A create whose answer never came: not retryable, its upstream code kept, where to look before trying again, no "try again" advice of the transport.
import { AuthError, PartialWriteError, UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import { envelopeFromThrown, validateEnvelope } from '@obmcp/contract/envelope';
import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError, outcomeUnknown } from '../../src/http/outcome-unknown.js';
import { profile } from '../../src/profile.js';

const envelope = (error: unknown) => envelopeFromThrown(error, { profile, tool: 'create_subscription' });

describe('outcomeUnknown', () => {
  it('no answer, an unreadable answer or a gateway 504; not an answered failure', () => {
    expect(outcomeUnknown(new UpstreamTransportError('UPSTREAM_TIMEOUT'))).toBe(true);
    expect(outcomeUnknown(new UpstreamTransportError('UPSTREAM_UNREACHABLE'))).toBe(true);
    expect(outcomeUnknown(new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE'))).toBe(true);
    expect(outcomeUnknown(new UpstreamHttpError(504))).toBe(true);
    expect(outcomeUnknown(new UpstreamHttpError(503))).toBe(false);
    expect(outcomeUnknown(new UpstreamHttpError(400))).toBe(false);
    expect(outcomeUnknown(new Error('UPSTREAM_TIMEOUT'))).toBe(false);
    expect(outcomeUnknown(undefined)).toBe(false);
  });
});

describe('OutcomeUnknownError', () => {
  it('after a timeout: its code kept, not retryable, where to look first; the timeout hint dropped', () => {
    const timeout = new UpstreamTransportError('UPSTREAM_TIMEOUT', {
      summary: 'Openbridge did not answer within 30 s.',
      details: [{ path: '', issue: 'no answer', received_type: 'upstream_error' }],
      hints: ['Retry the call.'],
      requestId: 'REQ-9',
    });
    const error = new OutcomeUnknownError(timeout, 'createSubscription', 'The subscription');
    expect(error).toBeInstanceOf(PartialWriteError);
    expect(error.failure).toBeInstanceOf(UpstreamTransportError);
    expect(error.failure.hints).toEqual([]);
    expect(error.failure.summary).toBe('Openbridge did not answer within 30 s.');
    expect(error.failure.details).toEqual(timeout.details);
    expect(error.failure.requestId).toBe('REQ-9');
    expect(error.failure.cause).toBe(timeout);
    const out = envelope(error);
    expect(validateEnvelope(out).valid).toBe(true);
    expect(out).toMatchObject({
      error_code: 'UPSTREAM_TIMEOUT',
      retryable: false,
      summary:
        'The subscription: the request was sent but no usable answer came back, so it may have been created.',
    });
    expect(error.details).toEqual([
      {
        path: '',
        issue: `The subscription may or may not have been created (${timeout.message})`,
        received_type: 'upstream_write',
        reason: 'outcome_unknown',
      },
    ]);
    expect(error.hints).toEqual([
      'Check first, then retry only if it is missing: get_subscriptions (status any) lists the subscriptions, a new one among them. A blind retry may create it twice.',
    ]);
    expect(JSON.stringify(out)).not.toContain('Retry the call.');
  });

  it('after a gateway 504: the HTTP failure kept with its prefix and service, its hints dropped; a history names get_jobs', () => {
    const gateway = new UpstreamHttpError(504, {
      prefix: 'OPENBRIDGE',
      service: 'Openbridge history API',
      details: [],
      hints: ['Transient failure; retry.'],
      retryAfterSeconds: 5,
    });
    const error = new OutcomeUnknownError(gateway, 'createHistory', 'The backfill');
    const failure = error.failure as UpstreamHttpError;
    expect(failure).toBeInstanceOf(UpstreamHttpError);
    expect(failure.status).toBe(504);
    expect(failure.prefix).toBe('OPENBRIDGE');
    expect(failure.service).toBe('Openbridge history API');
    expect(failure.retryAfterSeconds).toBe(5);
    expect(failure.hints).toEqual([]);
    expect(failure.summary).toBeUndefined();
    expect(failure.requestId).toBeUndefined();
    expect(envelope(error)).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_504', retryable: false });
    expect(error.hints[0]).toBe(
      'Check first, then retry only if it is missing: get_jobs with the subscription_id lists its jobs, a backfill that landed among them. A blind retry may create it twice.',
    );
    const plain = new OutcomeUnknownError(new UpstreamHttpError(504), 'createHistory', 'The backfill');
    expect((plain.failure as UpstreamHttpError).prefix).toBeUndefined();
    expect((plain.failure as UpstreamHttpError).service).toBeUndefined();
  });

  it('any other failure is kept as it is', () => {
    const other = new AuthError({ summary: 'odd', hints: ['keep me'] });
    expect(new OutcomeUnknownError(other, 'createHistory', 'The backfill').failure).toBe(other);
  });
});
