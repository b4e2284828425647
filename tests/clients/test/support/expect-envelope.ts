// What each failure case must put in front of code or model: a valid v1 envelope with the case's kind and data.
import type { Envelope } from '@obmcp/contract';
import { assertEnvelope } from '@obmcp/test-kit';
import { expect } from 'vitest';
import { type AppCases, type FailureCase, UNKNOWN_FIELD } from '../../src/cases.js';
import { envelopeIn } from '../../src/envelope-in.js';

/** Asserts `carrier` holds the envelope `failure` must produce on `cases.app`, and returns it. */
export function expectEnvelope(carrier: unknown, cases: AppCases, failure: FailureCase): Envelope {
  const envelope = envelopeIn(carrier);
  expect(envelope, `no v1 envelope in: ${JSON.stringify(carrier).slice(0, 400)}`).toBeDefined();
  assertEnvelope(envelope);
  expect(envelope._envelope_version).toBe(1);
  expect(envelope.hints.length).toBeGreaterThan(0);
  const meta = (envelope as { _meta?: Record<string, unknown> })._meta;
  switch (failure) {
    case 'bad_args':
      expect(envelope).toMatchObject({
        error_kind: 'mcp_input_validation',
        error_code: 'SCHEMA_TYPE_MISMATCH',
      });
      expect(envelope.retryable).toBe(false);
      expect(envelope.details[0]).toMatchObject({ path: cases.badField, field: cases.badField });
      // A validation error always carries valid argument objects to copy from.
      expect(envelope.examples.length).toBeGreaterThan(0);
      break;
    case 'unknown_field':
      expect(envelope).toMatchObject({
        error_kind: 'mcp_input_validation',
        error_code: 'SCHEMA_ADDITIONAL_PROPERTIES',
        retryable: false,
      });
      expect(JSON.stringify(envelope.details)).toContain(UNKNOWN_FIELD);
      break;
    case 'unknown_tool':
      expect(envelope).toMatchObject({ error_kind: 'tool_not_found', error_code: 'TOOL_NOT_FOUND' });
      expect(envelope.details[0]?.['did_you_mean']).toContain(cases.tool);
      break;
    case 'http_401':
      expect(envelope).toMatchObject({
        error_kind: 'auth_error',
        error_code: `${cases.httpCodePrefix}_HTTP_401`,
        retryable: false,
      });
      expect(typeof meta?.['request_id']).toBe('string');
      break;
    case 'http_429':
      expect(envelope).toMatchObject({
        error_kind: 'rate_limited',
        error_code: 'RATE_LIMITED',
        retryable: true,
      });
      // 2 s from the upstream's Retry-After; a repeat call inside that window gets the server's own pre-flight
      // limiter envelope instead, with the time left (0 < t ≤ 2).
      expect(meta?.['retry_after_seconds']).toBeGreaterThan(0);
      expect(meta?.['retry_after_seconds']).toBeLessThanOrEqual(2);
      break;
  }
  return envelope;
}
