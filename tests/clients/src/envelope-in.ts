// Finds the v1 envelope in whatever a client hands over: an object, JSON text, text with a prefix, double-encoded.
import { type Envelope, isEnvelope } from '@obmcp/contract';

const MARKER = '{"error_kind"';

/** The first JSON object that starts at `from` in `text` (string-aware brace matching), if it parses. */
function objectAt(text: string, from: number): unknown {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth += 1;
    else if (ch === '}') {
      depth -= 1;
      if (depth === 0) {
        try {
          return JSON.parse(text.slice(from, i + 1));
        } catch {
          return undefined;
        }
      }
    }
  }
  return undefined;
}

function fromText(text: string): Envelope | undefined {
  try {
    const whole = envelopeIn(JSON.parse(text) as unknown);
    if (whole) return whole;
  } catch {
    // not JSON as a whole: look for the envelope inside
  }
  const at = text.indexOf(MARKER);
  if (at < 0) return undefined;
  const found = objectAt(text, at);
  return isEnvelope(found) ? found : undefined;
}

/** The envelope carried by `value` (directly, as JSON text, embedded in text, or in content blocks). */
export function envelopeIn(value: unknown): Envelope | undefined {
  if (typeof value === 'string') return fromText(value);
  if (isEnvelope(value)) return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = envelopeIn(item);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const item of Object.values(value)) {
      const found = envelopeIn(item);
      if (found) return found;
    }
  }
  return undefined;
}
