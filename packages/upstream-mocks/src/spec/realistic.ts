// Replaces the sampler's placeholder strings ("string") with values that read like the field they fill, kept only where the schema still accepts them.
import type { Json } from './json-schema.js';

/** What openapi-sampler writes for a string schema with no example, format, pattern or enum. */
const PLACEHOLDER = 'string';

/** By field name (the last key on the way to the value): a plausible value for that kind of field. */
const BY_NAME: Array<[RegExp, (key: string) => string]> = [
  [/e-?mail/i, () => 'seller@example.com'],
  [/(url|uri|link|href)$/i, () => 'https://example.com/resource/0001'],
  [/marketplace(id)?$/i, () => 'ATVPDKIKX0DER'],
  [/currency(code)?$/i, () => 'USD'],
  [/country(code)?$/i, () => 'US'],
  [/(language|locale)(code|tag)?$/i, () => 'en_US'],
  [/asin$/i, () => 'B07EXAMPLE1'],
  [/sku$/i, () => 'SKU-EXAMPLE-0001'],
  [/(Date|Time|Timestamp|At)$|^(date|time|timestamp)$/, () => '2026-01-15T08:30:00Z'],
  [
    /(message|description|details?|reason|explanation|text|note)$/i,
    () => 'The request could not be completed.',
  ],
  [/(errortype|error)$/i, () => 'INVALID_ARGUMENT'],
  [/(code|status|state|type|kind)$/i, (key) => screaming(key)],
  [/(limit|value|amount|price|bid|budget|cost|rate)$/i, () => '1.00'],
  [/(id|token|key|identifier)$/i, (key) => `${key}-0001`],
  [/name$/i, () => 'Example name'],
];

/** `errorCode` → `ERROR_CODE`: the enumeration-like value a code or type field carries. */
function screaming(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

function realisticFor(key: string | undefined): string {
  if (key === undefined) return 'example';
  for (const [pattern, value] of BY_NAME) if (pattern.test(key)) return value(key);
  // Any other field: its own name as words ("lowerLimit" → "lower limit"), never the bare type name.
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

type Slot = { parent: Json | unknown[]; key: string | number; name: string | undefined };

function placeholders(
  value: unknown,
  name: string | undefined,
  out: Slot[],
  parent?: Slot['parent'],
  key?: Slot['key'],
): void {
  if (value === PLACEHOLDER && parent !== undefined && key !== undefined) out.push({ parent, key, name });
  else if (Array.isArray(value))
    for (const [i, item] of value.entries()) placeholders(item, name, out, value, i);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) placeholders(v, k, out, value as Json, k);
}

/**
 * Each placeholder string becomes a value named after its field; a replacement the schema refuses (a
 * length bound, a pattern on the way) is undone, so the result validates whenever the input did.
 */
export function withRealisticStrings(value: unknown, validates: (v: unknown) => boolean): unknown {
  if (value === PLACEHOLDER) return validates('example') ? 'example' : value;
  const slots: Slot[] = [];
  placeholders(value, undefined, slots);
  for (const slot of slots) {
    const set = (v: string) => {
      (slot.parent as Record<string | number, unknown>)[slot.key] = v;
    };
    set(realisticFor(slot.name));
    if (!validates(value)) set(PLACEHOLDER);
  }
  return value;
}
