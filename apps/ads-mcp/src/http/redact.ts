// Scrubs credential-looking substrings (LWA tokens, bearer values, JWTs) out of upstream text.
const PATTERNS: readonly RegExp[] = [
  /Atz[ar]\|[^\s"',;]+/g,
  /Bearer\s+[^\s"',;]+/gi,
  /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
];

export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const p of PATTERNS) out = out.replace(p, '[redacted]');
  for (const s of secrets) if (s.length >= 6) out = out.split(s).join('[redacted]');
  return out;
}
