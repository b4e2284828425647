// Mcp-Param-* rules as a gateway and a client meet them: which headers a schema declares, strict Base64, and why a
// header and an argument disagree.
import { describe, expect, it } from 'vitest';
import { decodeParamHeader, paramHeaderMismatch, paramHeadersOf } from '../src/http/param-headers.js';

describe('declared headers', () => {
  it('only top-level properties with a string x-mcp-header; a schema without properties declares none', () => {
    expect(paramHeadersOf(undefined)).toEqual([]);
    expect(paramHeadersOf({ type: 'object' })).toEqual([]);
    expect(paramHeadersOf({ properties: [] })).toEqual([]);
    expect(
      paramHeadersOf({
        properties: { region: { 'x-mcp-header': 'Region' }, n: { 'x-mcp-header': 5 }, plain: {}, odd: 'x' },
      }),
    ).toEqual([{ property: 'region', header: 'Region' }]);
  });
});

describe('decoding a header value', () => {
  it('only a whole =?base64?…?= value is Base64, strictly padded', () => {
    expect(decodeParamHeader('=?base64?ZXU=?=')).toEqual({ ok: true, value: 'eu' });
    expect(decodeParamHeader('=?BASE64?ZXVy?=')).toEqual({ ok: true, value: 'eur' });
    expect(decodeParamHeader('=?base64?ZXVyb3Bl?=')).toEqual({ ok: true, value: 'europe' });
    expect(decodeParamHeader('=?base64?ZQ==?=')).toEqual({ ok: true, value: 'e' });
    expect(decodeParamHeader('=?base64??=')).toEqual({ ok: true, value: '' });
    expect(decodeParamHeader('x=?base64?ZXU=?=')).toEqual({ ok: true, value: 'x=?base64?ZXU=?=' });
    expect(decodeParamHeader('=?base64?ZXU=?=x')).toEqual({ ok: true, value: '=?base64?ZXU=?=x' });
    for (const bad of ['=?base64?ZXU?=', '=?base64?Z===?=', '=?base64?ZX!=?=', '=?base64?ZXU=ZXU=?='])
      expect(decodeParamHeader(bad), bad).toEqual({ ok: false });
  });
});

describe('a header and its argument', () => {
  const declared = [{ property: 'region', header: 'Region' }];

  it('agree as JSON writes a number, and when both are absent (null is absent)', () => {
    const count = [{ property: 'count', header: 'Count' }];
    expect(paramHeaderMismatch(count, { count: 5 }, { 'mcp-param-count': '5' })).toBeUndefined();
    expect(paramHeaderMismatch(count, { count: 5 }, { 'mcp-param-count': '"5"' })).toBe(
      'Mcp-Param-Count does not match arguments.count',
    );
    expect(paramHeaderMismatch(declared, { region: null }, {})).toBeUndefined();
    expect(paramHeaderMismatch(declared, { region: null }, { 'mcp-param-region': 'eu' })).toBe(
      'Mcp-Param-Region is sent but arguments.region is not',
    );
  });

  it('a header that is not valid Base64 says so', () => {
    expect(paramHeaderMismatch(declared, { region: 'eu' }, { 'mcp-param-region': '=?base64?ZXU?=' })).toBe(
      'Mcp-Param-Region is not valid Base64 inside =?base64?…?=',
    );
  });

  it('a header sent twice is read as its comma-joined value', () => {
    expect(
      paramHeaderMismatch(declared, { region: 'eu,fe' }, { 'mcp-param-region': ['eu', 'fe'] }),
    ).toBeUndefined();
  });
});
