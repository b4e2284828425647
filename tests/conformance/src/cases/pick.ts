// Chooses where a case applies: a property present in some example first, else any matching property.
import { objectExamples, propertiesOf, type Schema } from './schema-nav.js';

export interface ToolLike {
  name: string;
  inputSchema: unknown;
  /** `_meta["io.obmcp/examples"]` holds the tool's valid argument objects. */
  _meta?: unknown;
}

export interface Pick {
  base: Record<string, unknown>;
  key: string;
  sub: Schema;
  /** The key was present in the example (its value can be reused). */
  present: boolean;
}

export function pickProperty(
  tool: ToolLike,
  matches: (sub: Schema, key: string, value: unknown) => boolean,
  options: { requirePresent?: boolean; order?: (a: Schema, b: Schema) => number } = {},
): Pick | undefined {
  const examples = objectExamples(tool);
  const props = propertiesOf(tool.inputSchema);
  const ordered = options.order ? [...props].sort((a, b) => options.order!(a[1], b[1])) : props;
  for (const [key, sub] of ordered) {
    for (const base of examples) {
      if (Object.hasOwn(base, key) && matches(sub, key, base[key])) return { base, key, sub, present: true };
    }
  }
  if (options.requirePresent) return undefined;
  const base = examples[0] ?? {};
  for (const [key, sub] of ordered)
    if (matches(sub, key, undefined)) return { base, key, sub, present: false };
  return undefined;
}

/** `base` with `key` set to `value`, keeping key order. */
export const withKey = (
  base: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> => ({ ...base, [key]: value });

export function withoutKey(base: Record<string, unknown>, key: string): Record<string, unknown> {
  const out = { ...base };
  delete out[key];
  return out;
}
