// Openbridge has no OpenAPI spec, so its binding is one table (@obmcp/openbridge-upstream): tools name an
// operation, the client builds host + path. Every row is used, no tool module builds a URL or names a path.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENBRIDGE_OPERATIONS } from '@obmcp/openbridge-upstream';

const TOOLS = new URL('../src/tools/', import.meta.url);
const sources = readdirSync(TOOLS)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => [f, readFileSync(new URL(f, TOOLS), 'utf8')] as const);

describe('the Openbridge operation table', () => {
  it('every operation but the JWT exchange (the package runs it) is named by some tool module', () => {
    const unused = Object.keys(OPENBRIDGE_OPERATIONS).filter(
      (name) => name !== 'refreshTokenExchange' && !sources.some(([, text]) => text.includes(`'${name}'`)),
    );
    expect(unused).toEqual([]);
  });

  it('no tool module builds a URL or names an upstream path', () => {
    const offenders = sources
      .filter(([, text]) => /urls\.|url:|['`"]\/(?:v2|service|ri|sri)\b/.test(text))
      .map(([f]) => f);
    expect(offenders).toEqual([]);
  });
});
