// A thin curated tool's input schema taken from its operation instead of restated: the arguments it names, with the
// operation's own schemas, required flags and examples.
import type { JsonSchema } from '@obmcp/contract';
import type { CatalogOperation, JsonObjectValue } from './catalog-types.js';

/**
 * The operation's input schema narrowed to `names` (the operation's own argument names, matched case-insensitively):
 * each keeps the operation's schema and its required flag. Examples: those given, else the operation's reduced to
 * the picked names. The top level is left open, so the tool also inherits its operation's passthrough target.
 * Throws (a programming error) on a name the operation does not take.
 */
export function pickInput(
  op: CatalogOperation,
  names: readonly string[],
  examples?: readonly JsonObjectValue[],
): JsonSchema {
  const own = (op.inputSchema.properties ?? {}) as Record<string, unknown>;
  const required = new Set((op.inputSchema.required ?? []) as string[]);
  const picked = names.map((name) => {
    const key = Object.keys(own).find((k) => k.toLowerCase() === name.toLowerCase());
    if (key === undefined) throw new Error(`${op.meta.api} ${op.meta.operationId} takes no argument ${name}`);
    return key;
  });
  const reduced = (example: Readonly<Record<string, unknown>>) =>
    Object.fromEntries(picked.filter((key) => key in example).map((key) => [key, example[key]]));
  const chosen = examples ?? [
    ...new Map(op.examples.map((e) => [JSON.stringify(reduced(e)), reduced(e)])).values(),
  ];
  const needed = picked.filter((key) => required.has(key));
  return {
    type: 'object',
    properties: Object.fromEntries(picked.map((key) => [key, own[key]])),
    ...(needed.length > 0 ? { required: needed } : {}),
    examples: chosen.length > 0 ? chosen : [{}],
  };
}
