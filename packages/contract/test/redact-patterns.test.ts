// redactSecrets' patterns one by one: each credential shape is removed whole, its surroundings (and ordinary text) kept.
import { describe, expect, it } from 'vitest';
import { redactSecrets, rememberUrlCredentials } from '../src/index.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('LWA tokens', () => {
  it.each([
    ['access_token=Atza|IwEBIA-x_y.z/w+1 next', 'access_token=[redacted] next'],
    ['{"refresh_token":"Atzr|IwEBIB9cCx","x":1}', '{"refresh_token":"[redacted]","x":1}'],
    ["'Atza|abc'", "'[redacted]'"],
    ['Atza|abc,Atzr|def;x', '[redacted],[redacted];x'],
    ['{t:Atza|abc}', '{t:[redacted]}'],
    // Glued to a word (no boundary before it), a token still goes.
    ['token_Atza|abc', 'token_[redacted]'],
  ])('%s', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });
});

describe('Bearer values', () => {
  it.each([
    ['authorization: Bearer abc.DEF_1-2~3+4/5=', 'authorization: [redacted]'],
    ['bearer abc', '[redacted]'],
    ['BEARER   spaced-out next', '[redacted] next'],
    ['Bearer\ttab', '[redacted]'],
  ])('%s', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it('the word alone stays', () => {
    expect(redactSecrets('a Bearer token is required')).toBe('a [redacted] is required');
    expect(redactSecrets('Bearer')).toBe('Bearer');
  });
});

describe('JWTs', () => {
  const header = 'eyJhbGciOiJIUzI1NiJ9';
  it('header.payload.signature goes whole; an unsigned token (empty signature) too', () => {
    expect(redactSecrets(`id ${header}.eyJzdWIiOiIxIn0.sig-nature_1 end`)).toBe('id [redacted] end');
    expect(redactSecrets(`id ${header}.eyJzdWIiOiIxIn0. end`)).toBe('id [redacted] end');
    expect(redactSecrets(`jwt_${header}.eyJzdWIiOiIxIn0.s`)).toBe('jwt_[redacted]');
  });

  it('needs at least 8 characters after eyJ and a payload', () => {
    expect(redactSecrets('eyJ12345678.p.')).toBe('[redacted]');
    expect(redactSecrets('eyJ1234567.p.s')).toBe('eyJ1234567.p.s');
    expect(redactSecrets(`${header}..s`)).toBe(`${header}..s`);
  });
});

describe('signed-URL parameters', () => {
  it.each(['X-Amz-Signature', 'X-Amz-Credential', 'X-Amz-Security-Token', 'x-amz-signature'])(
    '%s: the value goes, the name and the rest of the URL stay',
    (name) => {
      expect(redactSecrets(`https://b.s3.test/k?${name}=AKIA%2F20261205abc&X-Amz-Expires=60 "x"`)).toBe(
        `https://b.s3.test/k?${name}=[redacted]&X-Amz-Expires=60 "x"`,
      );
    },
  );

  it('the value ends at a quote', () => {
    expect(redactSecrets(`"X-Amz-Signature=abc"`)).toBe(`"X-Amz-Signature=[redacted]"`);
    expect(redactSecrets(`'X-Amz-Signature=abc'`)).toBe(`'X-Amz-Signature=[redacted]'`);
  });
});

describe('Basic values', () => {
  it('a user:password value goes, with or without padding, any case of the word', () => {
    expect(redactSecrets(`Basic ${b64('u:p')} x`)).toBe('Basic [redacted] x');
    expect(redactSecrets(`BASIC   ${b64('user:pw')}`)).toBe('Basic [redacted]');
    expect(redactSecrets(`auth=xBasic ${b64('user:pw')}`)).toBe('auth=xBasic [redacted]');
    expect(redactSecrets(`basic ${b64('ab:c').replace(/=+$/, '')}`)).toBe('Basic [redacted]');
  });

  it('a value that does not decode to printable user:password text stays', () => {
    const binary = Buffer.from([0x01, 0x3a, 0x02, 0x03]).toString('base64');
    expect(redactSecrets(`Basic ${binary}`)).toBe(`Basic ${binary}`);
    expect(redactSecrets(`Basic ${b64('no-colon-here')}`)).toBe(`Basic ${b64('no-colon-here')}`);
    expect(redactSecrets(`Basic ${b64('a:\u007f')}`)).toBe(`Basic ${b64('a:\u007f')}`);
  });
});

describe('configured secrets', () => {
  it('an app secret of 6 characters or more is redacted wherever it appears; a shorter one never', () => {
    expect(redactSecrets('k=sixsix; again sixsix', ['sixsix'])).toBe('k=[redacted]; again [redacted]');
    expect(redactSecrets('k=five5', ['five5'])).toBe('k=five5');
  });
});

describe('credentials remembered from a configured URL', () => {
  it('a form shorter than 6 characters is never redacted by value (it would hit ordinary words)', () => {
    rememberUrlCredentials('u', 'pw12');
    // `u:pw12` (6) and its base64 are secrets; the 4-character password alone is not.
    expect(redactSecrets(`u:pw12 ${b64('u:pw12')} pw12`)).toBe('[redacted] [redacted] pw12');
  });

  it('the base64 form is redacted without its padding too, one `=` or two', () => {
    // `ab:cdefg` (8 bytes) encodes with one `=`, `ab:cdef` (7 bytes) with `==`.
    for (const userinfo of ['ab:cdefg', 'ab:cdef']) {
      const [user = '', pass = ''] = userinfo.split(':');
      rememberUrlCredentials(user, pass);
      const unpadded = b64(userinfo).replace(/=+$/, '');
      expect(redactSecrets(`x ${unpadded} y`), userinfo).toBe('x [redacted] y');
    }
  });

  it('percent-escaped userinfo is redacted raw and decoded; a stray % stays literal', () => {
    rememberUrlCredentials('proxy%40corp', 'p%3Ass%zz');
    expect(redactSecrets('proxy%40corp:p%3Ass%zz / proxy@corp:p%3Ass%zz / p%3Ass%zz')).toBe(
      '[redacted] / [redacted] / [redacted]',
    );
    rememberUrlCredentials('svc', 'Pa%3Aword');
    expect(redactSecrets('said Pa:word and Pa%3Aword')).toBe('said [redacted] and [redacted]');
  });
});
