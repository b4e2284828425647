// Removes credential-looking substrings (Bearer values, JWTs, Atza| tokens) from upstream text.
const PATTERNS: RegExp[] = [
  /Bearer\s+[A-Za-z0-9._~+/=-]+/gi,
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
  /\bAtz[ra]\|[^\s"',}]+/g,
];

export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const pattern of PATTERNS) out = out.replace(pattern, '[redacted]');
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join('[redacted]');
  return out;
}
