// The argument-object arbitrary for one tool: mutated examples, hostile keys, random objects, bulk values.
import fc from 'fast-check';
import { bulkText, hostileKeyText, keyText, valueText } from './json-text.js';
import { firstExample, type ListedTool, propertyNames } from './tool-selection.js';

const enc = (v: unknown) => JSON.stringify(v);

/** Joins `"key":value` entries into an object literal (keys may repeat: last one wins in JSON.parse). */
const objectOf = (entries: readonly (readonly [string, string])[]) =>
  `{${entries.map(([k, v]) => `${k}:${v}`).join(',')}}`;

export function argsText(tool: ListedTool): fc.Arbitrary<string> {
  const keys = propertyNames(tool.inputSchema);
  const example = Object.entries(firstExample(tool)).map(([k, v]) => [enc(k), enc(v)] as const);
  const value = valueText(keys);
  // The valid example with one field replaced, one hostile key added, or both.
  const mutated = fc
    .tuple(fc.option(fc.tuple(keyText(keys), value)), fc.option(fc.tuple(hostileKeyText, value)))
    .map(([replace, hostile]) => {
      const entries = example.filter(([k]) => !replace || k !== replace[0]);
      return objectOf([...entries, ...(replace ? [replace] : []), ...(hostile ? [hostile] : [])]);
    });
  const random = fc.array(fc.tuple(keyText(keys), value), { maxLength: 6 }).map(objectOf);
  const pollution = fc
    .tuple(
      hostileKeyText,
      fc.constantFrom('{"polluted":"yes"}', '{"constructor":{"prototype":{"polluted":1}}}', '[]', '1'),
    )
    .map(([k, v]) => objectOf([...example, [k, v], ['"__proto__"', '{"polluted":"yes"}']]));
  const bulk = fc
    .tuple(keyText(keys), bulkText)
    .map(([k, v]) => objectOf([...example.filter(([ek]) => ek !== k), [k, v]]));
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 3, arbitrary: random },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: bulk },
  );
}
