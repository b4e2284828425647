// redactUrlCredentials on every URL shape: any scheme, any case, an `@` inside the password, and where userinfo ends.
import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUrlCredentials } from '../src/index.js';

describe('redactUrlCredentials: what counts as userinfo', () => {
  it.each([
    ['HTTPS://User:Pw@proxy.example/', 'HTTPS://***@proxy.example/'],
    ['svn+ssh://u:p@host/repo', 'svn+ssh://***@host/repo'],
    ['web+x.y-z://u:p@host', 'web+x.y-z://***@host'],
    ['s3://key:secret@bucket/k', 's3://***@bucket/k'],
    ['h://u:p@host', 'h://***@host'],
    // The URL parser takes the LAST @ of the authority: the password here is `p@ss`, all of it hidden.
    ['https://user:p@ss@proxy.example/sp', 'https://***@proxy.example/sp'],
    // A word character right before the scheme does not hide the URL from the rule.
    ['x_https://user:pw@proxy.example', 'x_https://***@proxy.example'],
    ['proxy=https://:only-pw@proxy.example', 'proxy=https://***@proxy.example'],
  ])('%s → %s', (text, expected) => {
    expect(redactUrlCredentials(text)).toBe(expected);
  });

  it.each([' ', '/', '?', '#', '"', "'", '<', '>', '\\'])(
    'userinfo ends at %j: an @ after it is not a credential',
    (delimiter) => {
      const text = `https://host.example${delimiter}ops@example.com`;
      expect(redactUrlCredentials(text)).toBe(text);
    },
  );

  it('an e-mail next to a URL in JSON or prose is left alone', () => {
    for (const text of [
      '{"url":"https://host.example","mail":"ops@example.com"}',
      "{'url':'https://host.example','mail':'ops@example.com'}",
      'go to https://host.example then write to ops@example.com',
      'no scheme: user:pw@host',
    ])
      expect(redactUrlCredentials(text)).toBe(text);
  });

  it('redactSecrets applies the same rule', () => {
    expect(redactSecrets('via https://user:p@ss@proxy.example/sp')).toBe('via https://***@proxy.example/sp');
  });
});
