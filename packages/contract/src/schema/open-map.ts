// isOpenMap: an object schema whose keys are free and whose values share one schema (published as entries).
import { isPlainObject } from '../validation/json-type.js';

/**
 * An object node with no declared properties and a schema for every value (`additionalProperties: {…}`),
 * e.g. SP `reportOptions` or AMC `parameterValues`. Gemini's function declarations cannot say "any key"
 * (LangChain drops `additionalProperties` on that path and Gemini refuses a property-less OBJECT), so the
 * published view sends such a map as a list of `{key, value}` entries and the pipeline turns it back.
 */
export function isOpenMap(node: unknown): node is Record<string, unknown> & {
  additionalProperties: Record<string, unknown>;
} {
  if (!isPlainObject(node) || node.type !== 'object') return false;
  const declared = isPlainObject(node.properties) ? Object.keys(node.properties).length : 0;
  const values = node.additionalProperties;
  return (
    declared === 0 &&
    !('patternProperties' in node) &&
    isPlainObject(values) &&
    Object.keys(values).length > 0
  );
}

/** The published form of one map entry's key and value names. */
export const MAP_ENTRY_KEY = 'key';
export const MAP_ENTRY_VALUE = 'value';
