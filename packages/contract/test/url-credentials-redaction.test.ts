// URL userinfo (a proxy's user:password) is shown as ***@ wherever a configured URL appears: tool output, envelopes, logs.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../src/envelope/redact.js';
import { redactUrlCredentials } from '../src/envelope/url-credentials.js';
import { createLogger } from '../src/tool/logger.js';

const PASSWORD = 'canary-proxy-pw-5e1d';

describe('redactUrlCredentials', () => {
  it('replaces user:password and a bare user, keeps scheme, host, port and path', () => {
    expect(redactUrlCredentials(`https://obmcp:${PASSWORD}@proxy.example:8443/sp`)).toBe(
      'https://***@proxy.example:8443/sp',
    );
    expect(redactUrlCredentials('http://token@127.0.0.1:9000')).toBe('http://***@127.0.0.1:9000');
    expect(redactUrlCredentials(`http://a:b%40c@h/p and https://x:${PASSWORD}@y`)).toBe(
      'http://***@h/p and https://***@y',
    );
  });

  it('leaves URLs without userinfo alone, also an @ in a path, query or e-mail text', () => {
    for (const text of [
      'https://advertising-api.amazon.com',
      'https://host/path@x?q=a@b#c@d',
      'write to ops@example.com',
    ])
      expect(redactUrlCredentials(text)).toBe(text);
  });

  it('runs inside redactSecrets (every agent-visible string) and every log line', () => {
    const url = `https://obmcp:${PASSWORD}@proxy.example/sp`;
    expect(redactSecrets(`request to ${url} failed`)).toBe('request to https://***@proxy.example/sp failed');
    const lines: string[] = [];
    const log = createLogger({ name: 't', write: (l) => lines.push(l) });
    log.error(`Request cannot be constructed from a URL that includes credentials: ${url}/x`, {
      target: url,
      error: new TypeError(`bad ${url}`),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(PASSWORD);
    expect(lines[0]).toContain('https://***@proxy.example/sp');
  });
});
