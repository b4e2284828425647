// Scrubs credential-looking substrings (LWA tokens, bearer and Basic values, JWTs, signed-URL signatures, URL userinfo) from text.
import { redactBasicCredentials } from './basic-credentials.js';
import { redactUrlCredentials } from './url-credentials.js';
const PATTERNS: readonly RegExp[] = [
  /\bAtz[ar]\|[^\s"',;}]+/g,
  /Bearer\s+[A-Za-z0-9._~+/=-]+/gi,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
  /(X-Amz-(?:Signature|Credential|Security-Token)=)[^&\s"']+/gi,
];

/** Every agent-visible string passes through here (boundText); apps may add configured secrets. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = redactBasicCredentials(redactUrlCredentials(text));
  for (const pattern of PATTERNS)
    out = out.replace(pattern, (_m, prefix?: string) =>
      typeof prefix === 'string' ? `${prefix}[redacted]` : '[redacted]',
    );
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join('[redacted]');
  return out;
}
