// The four v1 hint categories as data: each hint names fields and values only.
import type { HintTables } from './tables.js';
import { lookupAlias, suggest } from './suggest.js';

export const HINT_CATEGORIES = ['case_mismatch', 'did_you_mean', 'enum_suggest', 'missing_required'] as const;
export type HintCategory = (typeof HINT_CATEGORIES)[number];

export interface CategorizedHint {
  category: HintCategory;
  text: string;
}

/** A value for a hint: strings as they are, anything else as bounded JSON (never throws on depth). */
function quote(value: unknown): string {
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 59)}…` : value;
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? `[array of ${value.length}]` : '{object}';
}

/** A key that is not in the schema: case_mismatch when only case differs, else did_you_mean. */
export function unknownKeyHints(
  key: string,
  known: readonly string[],
  tables?: HintTables,
): { hints: CategorizedHint[]; matches: string[] } {
  const curated = tables?.keyRenames?.[key];
  const matches = curated && known.includes(curated) ? [curated] : suggest(key, known).map((s) => s.value);
  const first = matches[0];
  if (first === undefined) return { hints: [], matches: [] };
  const caseOnly =
    first.toLowerCase().replace(/[^a-z0-9]/g, '') === key.toLowerCase().replace(/[^a-z0-9]/g, '');
  const hint: CategorizedHint = caseOnly
    ? { category: 'case_mismatch', text: `Use ${first} instead of ${key}.` }
    : { category: 'did_you_mean', text: `Did you mean ${matches.join(' or ')}? Got ${key}.` };
  return { hints: [hint], matches };
}

/** A value outside a closed enum: aliases first, then spelling, then the valid list. */
export function enumHints(
  field: string,
  value: unknown,
  allowed: readonly unknown[],
  tables?: HintTables,
): { hints: CategorizedHint[]; matches: unknown[] } {
  const hints: CategorizedHint[] = [];
  const matches: unknown[] = [];
  const leaf =
    field
      .split('/')
      .filter((s) => !/^\d+$/.test(s))
      .pop() ?? field;
  if (typeof value === 'string') {
    const alias = lookupAlias(value, tables?.valueAliases?.[leaf]);
    // an enum of JSON values never holds undefined: no alias, no match
    if (allowed.includes(alias)) matches.push(alias);
    const labels = tables?.enumLabels?.[leaf];
    if (labels) {
      for (const [v, label] of Object.entries(labels))
        if (label.toLowerCase() === value.toLowerCase() && allowed.includes(v)) matches.push(v);
    }
    const strings = allowed.filter((a): a is string => typeof a === 'string');
    for (const s of suggest(value, strings)) if (!matches.includes(s.value)) matches.push(s.value);
    if (matches.length > 0) {
      hints.push({
        category: 'did_you_mean',
        text: `Did you mean ${leaf}=${matches
          .slice(0, 3)
          .map(quote)
          .map((m) => `'${m}'`)
          .join(' or ')}? Got '${value}'.`,
      });
    }
  }
  const shown = allowed.slice(0, 12).map(quote).join(', ');
  const more = allowed.length > 12 ? `, … (${allowed.length} values)` : '';
  hints.push({
    category: 'enum_suggest',
    text: `${quote(value)} is not valid for ${field}. Valid: [${shown}${more}].`,
  });
  return { hints, matches: matches.slice(0, 3) };
}

export function missingRequiredHint(field: string): CategorizedHint {
  return { category: 'missing_required', text: `Required: ${field}. See schema.` };
}
