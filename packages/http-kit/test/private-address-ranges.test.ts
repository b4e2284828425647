// Every non-public range the redirect guard names is pinned at both edges, with the public neighbour just outside.
import { describe, expect, it } from 'vitest';
import { isPrivateHost } from '../src/private-address.js';

/** [first address, last address, public address just outside] per blocked range. */
const IPV4: [string, string, string, string][] = [
  ['this network 0.0.0.0/8', '0.0.0.0', '0.255.255.255', '1.0.0.0'],
  ['private 10.0.0.0/8', '10.0.0.0', '10.255.255.255', '11.0.0.0'],
  ['carrier-grade NAT 100.64.0.0/10', '100.64.0.0', '100.127.255.255', '100.128.0.0'],
  ['loopback 127.0.0.0/8', '127.0.0.0', '127.255.255.255', '128.0.0.0'],
  ['link-local 169.254.0.0/16', '169.254.0.0', '169.254.255.255', '169.255.0.0'],
  ['private 172.16.0.0/12', '172.16.0.0', '172.31.255.255', '172.32.0.0'],
  ['IETF protocol 192.0.0.0/24', '192.0.0.0', '192.0.0.255', '192.0.1.0'],
  ['private 192.168.0.0/16', '192.168.0.0', '192.168.255.255', '192.169.0.0'],
  ['benchmarking 198.18.0.0/15', '198.18.0.0', '198.19.255.255', '198.20.0.0'],
  ['multicast 224.0.0.0/4', '224.0.0.0', '239.255.255.255', '223.255.255.255'],
  ['reserved 240.0.0.0/4', '240.0.0.0', '255.255.255.255', '223.255.255.254'],
];

const IPV6: [string, string, string, string][] = [
  ['unspecified/loopback/compatible ::/96', '::', '::ffff:ffff', '::1:0:0:0'],
  ['NAT64 64:ff9b::/96', '64:ff9b::', '64:ff9b::ffff:ffff', '64:ff9b::1:0:0'],
  ['discard 100::/64', '100::', '100::ffff:ffff:ffff:ffff', '100:0:0:1::'],
  ['6to4 2002::/16', '2002::', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2003::'],
  ['unique local fc00::/7', 'fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe00::'],
  [
    'link-local fe80::/10',
    'fe80::',
    'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    'fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  ['site-local fec0::/10', 'fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe7f::'],
  ['multicast ff00::/8', 'ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe7f::1'],
];

/** The hostname a redirect's Location URL yields for an address (what the guard is given in the product). */
const hostnameOf = (address: string, v6: boolean) =>
  new URL(`https://${v6 ? `[${address}]` : address}/`).hostname;

describe('private address ranges', () => {
  for (const [name, first, last, outside] of IPV4)
    it(`IPv4 ${name}: both edges refused, the neighbour allowed`, () => {
      expect(isPrivateHost(hostnameOf(first, false))).toBe(true);
      expect(isPrivateHost(hostnameOf(last, false))).toBe(true);
      expect(isPrivateHost(hostnameOf(outside, false))).toBe(false);
    });
  for (const [name, first, last, outside] of IPV6)
    it(`IPv6 ${name}: both edges refused, the neighbour allowed`, () => {
      expect(isPrivateHost(hostnameOf(first, true))).toBe(true);
      expect(isPrivateHost(hostnameOf(last, true))).toBe(true);
      expect(isPrivateHost(hostnameOf(outside, true))).toBe(false);
    });

  it('cloud metadata reached through any embedding is refused', () => {
    for (const host of [
      '169.254.169.254',
      '[::ffff:169.254.169.254]',
      '[64:ff9b::169.254.169.254]',
      '[2002:a9fe:a9fe::]',
      '[::169.254.169.254]',
      '0xa9.0xfe.0xa9.0xfe',
      '2852039166',
    ])
      expect([host, isPrivateHost(new URL(`https://${host}/`).hostname)]).toEqual([host, true]);
  });

  it('public addresses and names are not private', () => {
    for (const host of [
      '8.8.8.8',
      '[2600:1f18::1]',
      'sellingpartnerapi-na.amazon.com',
      'localhost.example.com',
    ])
      expect([host, isPrivateHost(new URL(`https://${host}/`).hostname)]).toEqual([host, false]);
  });
});
