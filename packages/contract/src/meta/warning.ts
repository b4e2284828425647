// RFC 7234 §5.5 Warning headers → `_meta.warnings` entries of kind upstream_warning.
import type { WarningEntry } from '../envelope/types.js';
import { boundText } from '../envelope/text.js';

/** Splits one Warning field value on commas that separate warning-values (not inside quotes). */
function splitWarningValues(field: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < field.length; i++) {
    const ch = field[i];
    if (ch === '"' && field[i - 1] !== '\\') quoted = !quoted;
    if (ch === ',' && !quoted && /^\s*\d{3}\s/.test(field.slice(i + 1))) {
      out.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

export function parseWarningHeaders(headers: Headers | readonly string[] | null | undefined): WarningEntry[] {
  if (!headers) return [];
  const fields = Array.isArray(headers)
    ? (headers as readonly string[])
    : [(headers as Headers).get('warning')].filter((v): v is string => v !== null);
  const entries: WarningEntry[] = [];
  for (const field of fields) {
    for (const value of splitWarningValues(field)) {
      entries.push({ kind: 'upstream_warning', summary: boundText(value, 200), details: [], hints: [] });
      if (entries.length >= 10) return entries;
    }
  }
  return entries;
}
