// One redaction rule: a configured URL's userinfo never leaves the process, in any form an upstream may echo it.
import { describe, expect, it } from 'vitest';
import { buildEnvelope } from '../src/envelope/build.js';
import { redactSecrets, rememberUrlCredentials } from '../src/envelope/redact.js';
import { parseWarningHeaders } from '../src/meta/warning.js';
import { createLogger } from '../src/tool/logger.js';

const USER = 'proxyuser';
const PASSWORD = 'CANARYPW-basic-7f3a';
const BASIC = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');

describe('Basic credential values', () => {
  it('redacts `Basic <base64 of user:password>` wherever it appears, any case', () => {
    expect(redactSecrets(`Access denied. echo: Basic ${BASIC} [x]`)).toBe(
      'Access denied. echo: Basic [redacted] [x]',
    );
    expect(redactSecrets(`proxy-authorization: basic ${Buffer.from('tok:').toString('base64')}`)).toBe(
      'proxy-authorization: Basic [redacted]',
    );
  });

  it('leaves prose about Basic authentication alone', () => {
    for (const text of ['Basic authentication required', 'Basic plan', 'WWW-Authenticate: Basic realm="x"'])
      expect(redactSecrets(text)).toBe(text);
  });
});

describe('credentials of a configured URL', () => {
  it('a bare user (a proxy token) is the secret when there is no password', () => {
    rememberUrlCredentials('tok-CANARY-user-only', '');
    const b64 = Buffer.from('tok-CANARY-user-only:').toString('base64');
    expect(redactSecrets(`x tok-CANARY-user-only y ${b64}`)).toBe('x [redacted] y [redacted]');
  });

  it('never reach an envelope (details, summary, hints), _meta warnings or a log line', () => {
    rememberUrlCredentials(USER, PASSWORD);
    const envelope = buildEnvelope({
      kind: 'sp_api_http',
      tool: 'get_orders',
      code: 'OPENBRIDGE_HTTP_403',
      summary: `denied for ${BASIC}`,
      retryable: false,
      details: [{ path: '', issue: `echo: Basic ${BASIC}`, received_type: 'upstream', raw: BASIC }],
      hints: [`try again without ${PASSWORD}`],
    });
    const warnings = parseWarningHeaders([`199 - "echo ${BASIC}"`]);
    const lines: string[] = [];
    createLogger({ name: 't', write: (l) => lines.push(l) }).warn(`upstream echoed Basic ${BASIC}`, {
      body: `{"authorization":"${BASIC}"}`,
    });
    const seen = JSON.stringify({ envelope, warnings, lines });
    expect(seen).not.toContain(BASIC.replace(/=+$/, ''));
    expect(seen).not.toContain(PASSWORD);
    expect(seen).toContain('[redacted]');
  });
});
