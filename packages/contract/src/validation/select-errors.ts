// Picks the ajv errors worth reporting: combinators at their parent path, no meta keywords.
import type { ErrorObject } from 'ajv';

/** Reported at their own path, their branch errors folded away (`contains`: no single item is at fault). */
const COMBINATORS = new Set(['oneOf', 'anyOf', 'contains']);
/** Keywords that only announce that an inner keyword failed; the inner one is reported. */
const ANNOUNCERS = new Set(['if', 'propertyNames', 'dependentSchemas']);

const PRIORITY: Record<string, number> = { required: 0, additionalProperties: 1, type: 2, enum: 3, const: 4 };

export function selectErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const combinatorPaths = errors.filter((e) => COMBINATORS.has(e.keyword)).map((e) => e.schemaPath);
  const kept = errors.filter((e) => {
    if (ANNOUNCERS.has(e.keyword)) return false;
    if (COMBINATORS.has(e.keyword)) {
      // a nested combinator inside another combinator's branch is folded into the outer one
      return !combinatorPaths.some((p) => p !== e.schemaPath && e.schemaPath.startsWith(`${p}/`));
    }
    return !combinatorPaths.some((p) => e.schemaPath.startsWith(`${p}/`));
  });
  const seen = new Set<string>();
  const unique = kept.filter((e) => {
    const key = `${e.keyword}|${e.instancePath}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (PRIORITY[a.e.keyword] ?? 9) - (PRIORITY[b.e.keyword] ?? 9) || a.i - b.i)
    .map(({ e }) => e);
}
