// Openbridge has no OpenAPI spec, so its binding is one table (src/http/operations.ts): tools name an
// operation, the client builds host + path. Every row is used, no tool module builds a URL or names a path.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENBRIDGE_OPERATIONS, operationUrl } from '../src/http/operations.js';

const TOOLS = new URL('../src/tools/', import.meta.url);
const sources = readdirSync(TOOLS)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => [f, readFileSync(new URL(f, TOOLS), 'utf8')] as const);

describe('the Openbridge operation table', () => {
  it('every operation is named by some tool module', () => {
    const unused = Object.keys(OPENBRIDGE_OPERATIONS).filter(
      (name) => !sources.some(([, text]) => text.includes(`'${name}'`)),
    );
    expect(unused).toEqual([]);
  });

  it('no tool module builds a URL or names an upstream path', () => {
    const offenders = sources
      .filter(([, text]) => /urls\.|url:|['`"]\/(?:v2|service|ri|sri)\b/.test(text))
      .map(([f]) => f);
    expect(offenders).toEqual([]);
  });

  it('fills the path template with encoded params under the configured host', () => {
    const urls = {
      auth: 'https://a',
      subscriptions: 'https://s',
      remoteIdentity: 'https://r',
      service: 'https://x',
    };
    expect(operationUrl(urls, 'getJob', { job_id: 42 })).toBe('https://x/service/jobs/jobs/42');
    expect(operationUrl(urls, 'getRemoteIdentity', { remote_identity_id: 'a/b' })).toBe('https://r/ri/a%2Fb');
    expect(() => operationUrl(urls, 'getJob')).toThrow(/job_id missing/);
  });
});
