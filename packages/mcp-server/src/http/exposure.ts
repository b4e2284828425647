// HTTP exposure rule: a bind address other than loopback needs a bearer token, or the operator's explicit opt-out.
import { isIP } from 'node:net';

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const spelled = host.trim().toLowerCase();
  // Stryker disable next-line Regex: equivalent (what the brackets leave must still be an IP literal), see README
  const h = spelled.replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  // Any spelling of ::1 (leading zeros, the full form): the URL parser writes an IPv6 address one canonical way.
  // A zone id (`::1%lo`) is an address URL cannot hold: not loopback for this rule.
  // Stryker disable next-line ConditionalExpression: equivalent (a non-IPv6 text never parses inside [ ]), see README
  if (isIP(h) === 6) return URL.canParse(`http://[${h}]/`) && new URL(`http://[${h}]/`).hostname === '[::1]';
  return false;
}

export interface ExposureSettings {
  host: string;
  bearerToken?: string;
  allowUnauthenticated: boolean;
}

/** Why this bind must not start (one line naming the fix), or undefined when it may. */
export function exposureRefusal(
  settings: ExposureSettings,
  names: { token: string; allow: string },
): string | undefined {
  if (isLoopbackHost(settings.host) || settings.bearerToken !== undefined || settings.allowUnauthenticated)
    return undefined;
  return (
    `refusing to serve HTTP on ${settings.host} without a bearer token: anyone who can reach it could call every tool with your credentials. ` +
    `Set ${names.token} (16+ characters), bind --host 127.0.0.1, or pass --allow-unauthenticated (${names.allow}=true) to insist`
  );
}
