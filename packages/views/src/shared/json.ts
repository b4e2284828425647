// Small readers for untrusted JSON: objects, arrays, numbers and strings without throwing.
export type JsonObject = Record<string, unknown>;

export const obj = (v: unknown): JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : {};

export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A finite number from a number or a numeric string (Amazon sends money as "25.99"); else null. */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function str(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** A cell from any JSON value: numbers stay numbers, objects become compact JSON. */
export function cell(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return JSON.stringify(v);
}
