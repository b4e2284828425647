// Addresses a redirect may never reach: loopback, link-local, private, CGNAT, multicast, reserved (IPv4, IPv6, embedded IPv4).
import { BlockList, isIP } from 'node:net';

const BLOCKED = new BlockList();
// Stryker disable next-line StringLiteral: a wrong family throws at module load (shown by hand); Stryker's runner misses static mutants, see README
const IPV4 = 'ipv4';
// Stryker disable next-line StringLiteral: the same
const IPV6 = 'ipv6';
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(net, prefix, IPV4);
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['64:ff9b::', 96], // NAT64: any IPv4 address, private ones included
  ['100::', 64], // discard
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(net, prefix, IPV6);

/**
 * True for a URL hostname that is a non-public IP literal (in any form the URL parser normalizes:
 * `2130706433`, `0x7f.1`, `127.1` → `127.0.0.1`; `[::ffff:7f00:1]` is IPv4-mapped 127.0.0.1, which
 * BlockList matches against the IPv4 ranges) or a `localhost` name.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  // Stryker disable next-line LogicalOperator,StringLiteral: equivalent (brackets come in pairs in a hostname), see README
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const family = isIP(bare);
  // Stryker disable next-line ConditionalExpression: equivalent (BlockList.check of a name is false), see README
  if (family === 0) return false;
  return BLOCKED.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
