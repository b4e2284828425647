// Picks the ajv errors worth reporting: combinators at their parent path, no meta keywords.
import type { ErrorObject } from 'ajv';

export function selectErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  // Inside the function (not module constants): a mutant of them must reach every call.
  /** Reported at their own path, their branch errors folded away (`contains`: no single item is at fault). */
  const combinators = new Set(['oneOf', 'anyOf', 'contains']);
  /** Keywords that only announce that an inner keyword failed; the inner one is reported (ajv's dependentSchemas
   * reports only its inner errors). */
  const announcers = new Set(['if', 'propertyNames']);
  const priority: Record<string, number> = {
    required: 0,
    additionalProperties: 1,
    type: 2,
    enum: 3,
    const: 4,
  };
  const combinatorPaths = errors.filter((e) => combinators.has(e.keyword)).map((e) => e.schemaPath);
  // Anything under a combinator's branches (a nested combinator too) folds into it; the combinator stays.
  const kept = errors.filter(
    (e) => !announcers.has(e.keyword) && !combinatorPaths.some((p) => e.schemaPath.startsWith(`${p}/`)),
  );
  const seen = new Set<string>();
  const unique = kept.filter((e) => {
    const key = `${e.keyword}|${e.instancePath}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // Array.prototype.sort is stable: equal priorities keep ajv's order.
  return unique.sort((a, b) => (priority[a.keyword] ?? 9) - (priority[b.keyword] ?? 9));
}
