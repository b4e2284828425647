// The HTTP exposure rule reads loopback from addresses, never from how a host name starts or ends.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../src/http/exposure.js';
import { readHttpOptions } from '../src/http/http-options.js';

/** Names DNS may point anywhere, though they read like a loopback address or name. */
const LOOKALIKES = [
  '127.attacker.example',
  '127.0.0.1.attacker.example',
  '127.0.0.1.',
  'localhost.attacker.example',
  'localhost.',
  '::ffff:127.attacker.example',
  '0x7f.1',
  '2130706433',
  '127.1',
  '::2',
  '0:0:0:0:0:0:0:2',
];

describe('HTTP exposure: look-alike host names', () => {
  it('no look-alike counts as loopback', () => {
    for (const host of LOOKALIKES) expect([host, isLoopbackHost(host)]).toEqual([host, false]);
  });

  it('a server bound to a look-alike without a token refuses to start, with the fix named', () => {
    for (const host of LOOKALIKES) {
      expect(() => readHttpOptions(['--http', '--host', host], {}), host).toThrow(/refusing to serve HTTP/);
      expect(() => readHttpOptions([], { OBMCP_HTTP_PORT: '1', OBMCP_HTTP_HOST: host }), host).toThrow(
        /bind --host 127\.0\.0\.1/,
      );
    }
  });

  it('every address form of loopback still starts without a token', () => {
    for (const host of [
      '127.0.0.1',
      '127.255.255.254',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.2',
      'app.localhost',
    ])
      expect(readHttpOptions(['--http', '--host', host], {}).host, host).toBe(host);
  });
});
