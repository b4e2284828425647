// What a transport failure tells the agent: its code, summary, one detail (host, method, network code) and hints.
import { UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import {
  causeCode,
  invalidResponseError,
  timeoutError,
  unreachableError,
  unreachableHints,
} from '../src/transport-errors.js';

const info = { method: 'POST', host: 'api.example.test:8443', timeoutMs: 1500 };
const coded = (code: unknown, cause?: unknown) => Object.assign(new Error('x', { cause }), { code });

describe('transport errors', () => {
  it('a timeout names the host and the limit, and the network code that timed out', () => {
    const cause = coded('UND_ERR_HEADERS_TIMEOUT');
    const error = timeoutError(info, cause);
    expect(error).toBeInstanceOf(UpstreamTransportError);
    expect(error.code).toBe('UPSTREAM_TIMEOUT');
    expect(error.summary).toBe('Upstream api.example.test:8443 did not answer within 1500 ms.');
    expect(error.details).toEqual([
      {
        path: '',
        issue: 'no complete response within 1500 ms',
        received_type: 'upstream_transport',
        upstream_host: 'api.example.test:8443',
        method: 'POST',
        network_code: 'UND_ERR_HEADERS_TIMEOUT',
      },
    ]);
    expect(error.hints).toEqual([]);
    expect(error.cause).toBe(cause);
    expect(timeoutError(info).details[0]).not.toHaveProperty('network_code');
  });

  it('an unreachable host says what to check: the network path, the (missing) proxy, a retry', () => {
    const error = unreachableError(info, coded('ECONNREFUSED'));
    expect(error.code).toBe('UPSTREAM_UNREACHABLE');
    expect(error.summary).toBe('Upstream api.example.test:8443 could not be reached.');
    expect(error.details[0]).toEqual({
      path: '',
      issue: 'connection failed, was reset, or redirected too often',
      received_type: 'upstream_transport',
      upstream_host: 'api.example.test:8443',
      method: 'POST',
      network_code: 'ECONNREFUSED',
    });
    expect(error.hints).toEqual([
      "Check that api.example.test:8443 resolves and is reachable from the server's machine (DNS, firewall, VPN) and that its configured endpoint is right.",
      "Behind a corporate forward proxy? Set HTTPS_PROXY (and NO_PROXY for hosts reached directly) in the server's environment and restart it.",
      'Retry after a short wait: a brief network failure passes.',
    ]);
  });

  it('behind a proxy the hint names the proxy (never its credentials) and the host NO_PROXY would need', () => {
    expect(unreachableHints({ ...info, proxyHost: 'proxy.corp:3128' })[1]).toBe(
      'Requests go through the forward proxy proxy.corp:3128 (HTTPS_PROXY/HTTP_PROXY) unless NO_PROXY lists api.example.test:8443: check that the proxy is up and allows api.example.test:8443.',
    );
  });

  it('an unreadable response names the host; an unreadable document (no exchange) names none', () => {
    const answered = invalidResponseError(info, 'response body exceeds 10 bytes');
    expect(answered.code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(answered.summary).toBe('Upstream api.example.test:8443 sent a response that could not be read.');
    expect(answered.details).toEqual([
      {
        path: '',
        issue: 'response body exceeds 10 bytes',
        received_type: 'upstream_response',
        upstream_host: 'api.example.test:8443',
        method: 'POST',
      },
    ]);
    const document = invalidResponseError(
      undefined,
      'compressed body is not valid gzip',
      coded('Z_DATA_ERROR'),
    );
    expect(document.summary).toBe('Upstream sent a document that could not be read.');
    expect(document.details).toEqual([
      {
        path: '',
        issue: 'compressed body is not valid gzip',
        received_type: 'upstream_response',
        network_code: 'Z_DATA_ERROR',
      },
    ]);
  });

  it('a network code is read from the error or up to three causes deep, and only when it is an identifier', () => {
    expect(causeCode(coded('ECONNRESET'))).toBe('ECONNRESET');
    expect(causeCode(new Error('a', { cause: new Error('b', { cause: coded('EPIPE') }) }))).toBe('EPIPE');
    const deep = (n: number): unknown =>
      n === 0 ? coded('EAI_AGAIN') : new Error('wrap', { cause: deep(n - 1) });
    expect(causeCode(deep(3))).toBe('EAI_AGAIN');
    expect(causeCode(deep(4))).toBeUndefined();
    // The first identifier wins over a deeper one.
    expect(causeCode(coded('ECONNRESET', coded('EPIPE')))).toBe('ECONNRESET');
    // Not an identifier: lower case, a leading digit, a single letter, past 40 characters, or a number.
    for (const code of ['econnreset', '1ABC', 'E', `E${'X'.repeat(40)}`, 'E-1', 42, ['ECONNRESET']])
      expect(causeCode(coded(code)), String(code)).toBeUndefined();
    expect(causeCode(coded(`E${'X'.repeat(39)}`))).toBe(`E${'X'.repeat(39)}`);
    expect(causeCode(coded('AB'))).toBe('AB');
    // A code that is not an identifier does not hide one in its cause.
    expect(causeCode(coded('not one', coded('ECONNRESET')))).toBe('ECONNRESET');
    expect(causeCode(undefined)).toBeUndefined();
    expect(causeCode(null)).toBeUndefined();
  });
});
