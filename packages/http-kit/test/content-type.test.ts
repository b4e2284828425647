// decodeText: the charset of a Content-Type decides how a downloaded text body is decoded.
import { describe, expect, it } from 'vitest';
import { charsetOf, decodeText } from '../src/content-type.js';

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
