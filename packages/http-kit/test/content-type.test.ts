// decodeText: the charset of a Content-Type decides how a downloaded text body is decoded.
import { describe, expect, it } from 'vitest';
import { charsetOf, decodeText, isJsonContentType } from '../src/content-type.js';

describe('decodeText', () => {
  it('decodes windows-1252 and Shift_JIS as the Content-Type says', () => {
    const cp1252 = Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x96]);
    expect(decodeText(cp1252, 'text/plain; charset=windows-1252')).toEqual({
      text: 'Café €–',
      charset: 'windows-1252',
    });
    const sjis = Uint8Array.from([0x93, 0xfa, 0x96, 0x7b]);
    expect(decodeText(sjis, 'text/tab-separated-values;charset="Shift_JIS"').text).toBe('日本');
  });

  it('defaults to UTF-8 without a charset or with an unknown one', () => {
    const utf8 = new TextEncoder().encode('Café');
    expect(decodeText(utf8, 'text/plain')).toEqual({ text: 'Café', charset: 'utf-8' });
    expect(decodeText(utf8, undefined).text).toBe('Café');
    expect(decodeText(utf8, 'text/plain; charset=x-made-up').charset).toBe('utf-8');
  });

  it('reads the charset parameter case-insensitively', () => {
    expect(charsetOf('text/csv; Charset=ISO-8859-1')).toBe('iso-8859-1');
    expect(charsetOf('application/json')).toBeUndefined();
  });
});

describe('isJsonContentType at the edges of a header', () => {
  it('reads the media type with spaces around it and before its parameters', () => {
    expect(isJsonContentType(' application/json ; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/problem+json\t;charset=utf-8')).toBe(true);
  });

  it('refuses a type that only ends like a JSON one', () => {
    expect(isJsonContentType('x-text/json')).toBe(false);
    expect(isJsonContentType('text/html; q=application/json')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});

describe('decodeText with an unusual charset parameter', () => {
  it('takes a charset written with spaces around its equals sign', () => {
    const cp1252 = Uint8Array.from([0x80]);
    expect(charsetOf('text/plain; charset = "windows-1252"')).toBe('windows-1252');
    expect(decodeText(cp1252, 'text/plain;charset =windows-1252')).toEqual({
      text: '€',
      charset: 'windows-1252',
    });
  });

  it('decodes as UTF-8 when the header is absent or names no charset at all', () => {
    const utf8 = new TextEncoder().encode('€');
    expect(decodeText(utf8, null)).toEqual({ text: '€', charset: 'utf-8' });
    expect(decodeText(utf8, 'text/plain; charset=')).toEqual({ text: '€', charset: 'utf-8' });
    expect(charsetOf(null)).toBeUndefined();
    expect(charsetOf(undefined)).toBeUndefined();
  });
});
