// DNS-rebinding protection: the Host header (and Origin, when sent) must be on the allowed list.

export interface HostPolicy {
  allowedHosts?: readonly string[];
  allowedOrigins?: readonly string[];
}

/** Default allowed hosts for a bound port: loopback names only. */
export function defaultAllowedHosts(port: number): string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
}

function parseHost(value: string): { name: string; port: string } | undefined {
  try {
    const url = new URL(`http://${value}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    // Stryker disable next-line MethodExpression,StringLiteral: equivalent (both sides parsed alike; URL lowercases and drops :80), see README
    return { name: url.hostname.toLowerCase(), port: url.port || '80' };
    // Stryker disable next-line BlockStatement: equivalent (an empty catch also returns undefined), see README
  } catch {
    return undefined;
  }
}

function hostAllowed(value: string, allowed: readonly string[]): boolean {
  if (allowed.includes('*')) return true;
  const parsed = parseHost(value);
  if (!parsed) return false;
  return allowed.some((entry) => {
    const want = parseHost(entry);
    if (!want) return false;
    const hasPort = /:\d+$/.test(entry);
    return want.name === parsed.name && (!hasPort || want.port === parsed.port);
  });
}

/** Returns a reason string when the request must be refused, undefined when it may proceed. */
export function checkHostHeaders(
  host: string | undefined,
  origin: string | undefined,
  policy: Required<Pick<HostPolicy, 'allowedHosts'>> & HostPolicy,
): string | undefined {
  if (!host || !hostAllowed(host, policy.allowedHosts)) return 'Host header not allowed';
  if (origin === undefined) return undefined;
  if (policy.allowedOrigins) {
    return policy.allowedOrigins.includes('*') || policy.allowedOrigins.includes(origin.toLowerCase())
      ? undefined
      : 'Origin not allowed';
  }
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return 'Origin not allowed';
  }
  return hostAllowed(originHost, policy.allowedHosts) ? undefined : 'Origin not allowed';
}
