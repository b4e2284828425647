// Text that reaches an agent: one line, control characters stripped, credentials redacted, bounded length.
import { redactSecrets } from './redact.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g;

export function boundText(value: unknown, max = 500): string {
  const text = typeof value === 'string' ? value : String(value);
  const clean = redactSecrets(text.replace(/[\r\n\t]+/g, ' ').replace(CONTROL, '')).trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** One-line summary, never empty. */
export function oneLine(value: unknown, fallback: string, max = 300): string {
  const text = boundText(value ?? '', max);
  return text.length > 0 ? text : fallback;
}
