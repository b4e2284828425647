// Key-shaped cases: an unknown key and a case-mismatched key, whose outcome depends on the env switches.
import type { ContractSwitches } from '../server-info.js';
import type { ToolLike } from './pick.js';
import { additionalPropertiesOf, foldName, objectExamples, propertiesOf, requiredOf } from './schema-nav.js';
import type { BadInputCase, ExpectedEvent } from './types.js';

export const UNKNOWN_KEY = 'zz_conformance_unknown';

export function unknownKey(tool: ToolLike, s: ContractSwitches): BadInputCase | undefined {
  const mode = additionalPropertiesOf(tool.inputSchema);
  if (mode === 'open') return undefined;
  const base = objectExamples(tool)[0] ?? {};
  const args = { ...base, [UNKNOWN_KEY]: 'x' };
  const rejected = mode === 'closed' || s.strictUnknown;
  // Objects without declared properties are not walked by the contract's normalizer (reported upstream).
  const event: ExpectedEvent | undefined =
    s.normalizationEnabled && propertiesOf(tool.inputSchema).length > 0
      ? {
          kind: rejected ? 'unknown_field_rejected' : 'unknown_field_passed_through',
          match: { field: UNKNOWN_KEY },
        }
      : undefined;
  const label = `extra key ${UNKNOWN_KEY}`;
  if (!rejected)
    return {
      kind: 'unknown_key',
      tool: tool.name,
      label,
      args,
      expect: { type: 'accepted', ...(event ? { event } : {}) },
    };
  return {
    kind: 'unknown_key',
    tool: tool.name,
    label,
    args,
    expect: {
      type: 'error',
      codes: ['SCHEMA_ADDITIONAL_PROPERTIES'],
      path: UNKNOWN_KEY,
      detailFields: ['extra'],
      ...(event ? { event } : {}),
    },
  };
}

/** Flip the case of the first letter: marketplaceIds → MarketplaceIds, SKU → sKU. */
function flipFirst(key: string): string {
  const first = key[0] ?? '';
  const flipped = first === first.toLowerCase() ? first.toUpperCase() : first.toLowerCase();
  return flipped + key.slice(1);
}

export function caseMismatch(tool: ToolLike, s: ContractSwitches): BadInputCase | undefined {
  const names = propertiesOf(tool.inputSchema).map(([k]) => k);
  const required = requiredOf(tool.inputSchema);
  // Optional keys first: a required one adds SCHEMA_REQUIRED when normalization is off (parity needs one shape).
  const examples = objectExamples(tool);
  const attempts = [false, true].flatMap((req) =>
    examples.map((base) => [base, Object.keys(base).filter((k) => required.includes(k) === req)] as const),
  );
  for (const [base, keys] of attempts) {
    for (const key of keys) {
      const variant = flipFirst(key);
      if (variant === key || !names.includes(key) || names.includes(variant)) continue;
      if (names.filter((n) => foldName(n) === foldName(key)).length !== 1) continue;
      const args = Object.fromEntries(Object.entries(base).map(([k, v]) => [k === key ? variant : k, v]));
      const label = `${key} sent as ${variant}`;
      const shape = required.includes(key) ? 'required' : 'optional';
      if (s.normalizationEnabled) {
        return {
          kind: 'case_mismatch',
          tool: tool.name,
          label,
          args,
          shape,
          expect: { type: 'accepted', event: { kind: 'renamed', match: { from: variant, to: key } } },
        };
      }
      const closed = additionalPropertiesOf(tool.inputSchema) === 'closed' || s.strictUnknown;
      const codes = [
        ...(required.includes(key) ? ['SCHEMA_REQUIRED'] : []),
        ...(closed ? ['SCHEMA_ADDITIONAL_PROPERTIES'] : []),
      ];
      if (codes.length === 0)
        return { kind: 'case_mismatch', tool: tool.name, label, args, shape, expect: { type: 'accepted' } };
      return {
        kind: 'case_mismatch',
        tool: tool.name,
        label,
        args,
        shape,
        expect: { type: 'error', codes, ...(closed ? { path: variant, hintCategory: 'case_mismatch' } : {}) },
      };
    }
  }
  return undefined;
}
