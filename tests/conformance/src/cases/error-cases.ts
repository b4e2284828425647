// Cases the validator must reject: missing required, wrong / nested wrong type, enum miss, too long.
import { pickProperty, type ToolLike, withKey, withoutKey } from './pick.js';
import {
  isPlainString,
  isScalarType,
  isSchema,
  objectExamples,
  propertiesOf,
  requiredOf,
  type Schema,
  simpleType,
  stringEnum,
  wrongValueFor,
} from './schema-nav.js';
import type { BadInputCase } from './types.js';

const TYPE_PREFERENCE = ['string', 'integer', 'number', 'boolean', 'object'];
/** Plain-typed properties first (an enum/pattern would add its own issue and hint): same shape on every server. */
const rank = (s: Schema) => {
  const i = TYPE_PREFERENCE.indexOf(simpleType(s) ?? '');
  if (i === -1) return 99;
  const constrained = 'enum' in s || 'const' in s || 'pattern' in s || 'format' in s;
  return constrained ? i + TYPE_PREFERENCE.length : i;
};

export function missingRequired(tool: ToolLike): BadInputCase | undefined {
  for (const key of requiredOf(tool.inputSchema)) {
    const base = objectExamples(tool).find((ex) => Object.hasOwn(ex, key));
    if (!base) continue;
    return {
      kind: 'missing_required',
      tool: tool.name,
      label: `${key} removed`,
      args: withoutKey(base, key),
      expect: {
        type: 'error',
        codes: ['SCHEMA_REQUIRED'],
        path: key,
        detailFields: ['field'],
        hintCategory: 'missing_required',
      },
    };
  }
  return undefined;
}

export function wrongType(tool: ToolLike): BadInputCase | undefined {
  const pick = pickProperty(tool, (sub) => rank(sub) < 99, { order: (a, b) => rank(a) - rank(b) });
  if (!pick) return undefined;
  const type = simpleType(pick.sub) ?? 'string';
  const value = wrongValueFor(type);
  return {
    kind: 'wrong_type',
    tool: tool.name,
    label: `${pick.key} (${type}) sent as ${JSON.stringify(value)}`,
    args: withKey(pick.base, pick.key, value),
    expect: {
      type: 'error',
      codes: ['SCHEMA_TYPE_MISMATCH'],
      path: pick.key,
      detailFields: ['expected_type'],
    },
    shape: [type, ...['enum', 'const', 'pattern', 'format'].filter((k) => k in pick.sub)].join('+'),
  };
}

/** A scalar-typed property of a nested object schema (array items or object property). */
function nestedScalar(schema: Schema): [string, string] | undefined {
  for (const [key, sub] of propertiesOf(schema)) {
    const t = simpleType(sub);
    if (isScalarType(t)) return [key, t!];
  }
  return undefined;
}

export function nestedWrongType(tool: ToolLike): BadInputCase | undefined {
  const pick = pickProperty(tool, (sub, _key, value) => {
    const t = simpleType(sub);
    const inner = t === 'array' && isSchema(sub.items) ? sub.items : t === 'object' ? sub : undefined;
    if (!inner || simpleType(inner) !== 'object' || !nestedScalar(inner)) return false;
    const [leaf] = nestedScalar(inner)!;
    const existing = t === 'array' ? (Array.isArray(value) ? value[0] : undefined) : value;
    if (existing !== undefined) return isSchema(existing);
    // synthesizing: only when nothing else is required in the nested object
    return requiredOf(inner).every((r) => r === leaf) && (t !== 'array' || Number(sub.minItems ?? 0) <= 1);
  });
  if (!pick) return undefined;
  const isArray = simpleType(pick.sub) === 'array';
  const inner = (isArray ? pick.sub.items : pick.sub) as Schema;
  const [leaf, leafType] = nestedScalar(inner)!;
  const wrong = wrongValueFor(leafType);
  const current = pick.base[pick.key];
  const existing = isArray ? (Array.isArray(current) ? current[0] : undefined) : current;
  const item = { ...(isSchema(existing) ? existing : {}), [leaf]: wrong };
  const rest = isArray && Array.isArray(current) ? current.slice(1) : [];
  const path = isArray ? `${pick.key}/0/${leaf}` : `${pick.key}/${leaf}`;
  return {
    kind: 'nested_wrong_type',
    tool: tool.name,
    label: `${path} (${leafType}) sent as ${JSON.stringify(wrong)}`,
    args: withKey(pick.base, pick.key, isArray ? [item, ...rest] : item),
    expect: { type: 'error', codes: ['SCHEMA_TYPE_MISMATCH'], path, detailFields: ['expected_type'] },
    shape: `${isArray ? 'array' : 'object'}/${leafType}`,
  };
}

export function enumMiss(tool: ToolLike): BadInputCase | undefined {
  const direct = (s: Schema) => stringEnum(s) !== undefined;
  const inItems = (s: Schema) => simpleType(s) === 'array' && stringEnum(s.items) !== undefined;
  const pick = pickProperty(tool, (sub) => direct(sub) || inItems(sub));
  if (!pick) return undefined;
  const asItem = !direct(pick.sub);
  const path = asItem ? `${pick.key}/0` : pick.key;
  return {
    kind: 'enum_miss',
    tool: tool.name,
    label: `${path} = "zz_not_in_enum"`,
    args: withKey(pick.base, pick.key, asItem ? ['zz_not_in_enum'] : 'zz_not_in_enum'),
    expect: {
      type: 'error',
      codes: ['SCHEMA_ENUM_MISMATCH'],
      path,
      detailFields: ['allowed'],
      hintCategory: 'enum_suggest',
    },
    shape: asItem ? 'item' : 'value',
  };
}

export function stringTooLong(tool: ToolLike): BadInputCase | undefined {
  const limited = (s: Schema) => isPlainString(s) && typeof s.maxLength === 'number' && s.maxLength < 100_000;
  const pick = pickProperty(tool, (sub) => limited(sub));
  if (!pick) return undefined;
  const limit = pick.sub.maxLength as number;
  return {
    kind: 'string_too_long',
    tool: tool.name,
    label: `${pick.key} with ${limit + 1} characters (maxLength ${limit})`,
    args: withKey(pick.base, pick.key, 'x'.repeat(limit + 1)),
    expect: { type: 'error', codes: ['SCHEMA_MAX_LENGTH'], path: pick.key, detailFields: ['limit'] },
  };
}
