// The redaction memory is bounded: at most 256 configured-URL credentials are remembered (this file starts with none).
import { describe, expect, it } from 'vitest';
import { redactSecrets, rememberUrlCredentials } from '../src/index.js';

const password = (i: number) => `cap-secret-${String(i).padStart(3, '0')}`;

describe('rememberUrlCredentials memory', () => {
  it('remembers the first 256 credentials and ignores later ones; a credential seen again costs nothing', () => {
    for (let i = 1; i <= 256; i++) rememberUrlCredentials('user', password(i));
    // Seen again: still one entry, so the cap is not reached early.
    rememberUrlCredentials('user', password(1));
    expect(redactSecrets(`${password(1)} ${password(256)}`)).toBe('[redacted] [redacted]');
    rememberUrlCredentials('user', password(257));
    rememberUrlCredentials('user', password(258));
    expect(redactSecrets(`${password(257)} ${password(258)}`)).toBe(`${password(257)} ${password(258)}`);
  });
});
