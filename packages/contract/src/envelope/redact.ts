// Scrubs credential-looking substrings (LWA tokens, bearer/basic values, JWTs, signed-URL signatures, URL userinfo and
// every credential taken out of a configured URL, in each of its forms) from text.
import { redactUrlCredentials } from './url-credentials.js';
/** No word boundary before a pattern: a credential glued to a word (`token_Atza|…`) goes too. */
const PATTERNS: readonly RegExp[] = [
  /Atz[ar]\|[^\s"',;}]+/g,
  /Bearer\s+[A-Za-z0-9._~+/=-]+/gi,
  /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
  /(X-Amz-(?:Signature|Credential|Security-Token)=)[^&\s"']+/gi,
];

/** `Basic <base64>` (RFC 7617): redacted when the value decodes to `user:password` text, so "Basic auth" stays. */
const BASIC = /Basic\s+([A-Za-z0-9+/_-]{2,}={0,2})/gi;

function isBasicCredential(value: string): boolean {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a decoded credential is printable text
  return decoded.includes(':') && !/[\u0000-\u001f\u007f\ufffd]/.test(decoded);
}

/** Values shorter than this are never redacted by value (they would hit ordinary words). */
const MIN_SECRET = 6;
/** Credentials seen in configured URLs, in every form they can travel (see rememberUrlCredentials). */
const remembered = new Set<string>();
const MAX_REMEMBERED = 256;
const registered = new Set<string>();
/** `remembered`, longest first (so a value is never left half-redacted by a shorter form inside it). */
let rememberedLongestFirst = longestFirst(remembered);

function longestFirst(forms: ReadonlySet<string>): readonly string[] {
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * Registers the userinfo of a configured URL (`https://user:pass@proxy`) so every later redaction (envelopes,
 * `_meta`, logs) removes it in any form an upstream may echo: the password (raw and percent-decoded), a bare
 * user used as a token, `user:pass`, and its base64 (the `Authorization: Basic` value, padded or not).
 */
export function rememberUrlCredentials(username: string, password: string): void {
  // Called per exchange with a configured URL: the forms are computed once per credential.
  const key = `${username}:${password}`;
  if (registered.has(key) || registered.size >= MAX_REMEMBERED) return;
  registered.add(key);
  const pairs = [
    [username, password],
    [safeDecode(username), safeDecode(password)],
  ] as const;
  const forms = pairs.flatMap(([user, pass]) => {
    const userinfo = `${user}:${pass}`;
    const base64 = Buffer.from(userinfo).toString('base64');
    // Base64 holds `=` only as its trailing padding.
    return [userinfo, base64, base64.replaceAll('=', ''), pass === '' ? user : pass];
  });
  for (const form of forms) if (form.length >= MIN_SECRET) remembered.add(form);
  rememberedLongestFirst = longestFirst(remembered);
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Every agent-visible string passes through here (boundText), and every log line; apps may add configured secrets. */
export function redactSecrets(text: string, secrets?: readonly string[]): string {
  let out = redactUrlCredentials(text);
  for (const pattern of PATTERNS)
    out = out.replace(pattern, (_m, prefix?: string) =>
      typeof prefix === 'string' ? `${prefix}[redacted]` : '[redacted]',
    );
  out = out.replace(BASIC, (match, value: string) => (isBasicCredential(value) ? 'Basic [redacted]' : match));
  if (secrets)
    for (const secret of secrets) if (secret.length >= MIN_SECRET) out = out.split(secret).join('[redacted]');
  for (const secret of rememberedLongestFirst) out = out.split(secret).join('[redacted]');
  return out;
}
