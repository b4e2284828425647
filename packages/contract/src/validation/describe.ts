// ajv errors → one SCHEMA_* code, a templated summary, JSON-pointer details and categorized hints.
import type { ErrorObject } from 'ajv';
import type { EnvelopeDetail } from '../envelope/types.js';
import {
  type CategorizedHint,
  enumHints,
  missingRequiredHint,
  unknownKeyHints,
} from '../hints/categories.js';
import type { HintTables } from '../hints/tables.js';
import { jsonType, toPath, valueAt } from './json-type.js';
import { mappingFor, render } from './mapping.js';
import { selectErrors } from './select-errors.js';
import { describedBy, schemaAt, siblingKeys } from './schema-walk.js';
import { requiredChoice } from '../schema/portable-notes.js';

/** Issues described in detail (the envelope keeps 25); ajv errors considered at all. */
const MAX_DESCRIBED = 40;
const MAX_RAW_ERRORS = 2000;

export interface ValidationReport {
  code: string;
  summary: string;
  details: EnvelopeDetail[];
  /** Category hints (case_mismatch, did_you_mean, enum_suggest, missing_required). */
  hints: CategorizedHint[];
  /** The canonical mapping's hint for each reported issue. */
  templateHints: string[];
  /** Every hint, the primary issue's first (what the envelope carries). */
  orderedHints: string[];
  /** Keywords outside the canonical mapping (→ SCHEMA_VALIDATION_FAILED), for `_meta.validator`. */
  unknownKeywords: string[];
}

function detailFor(error: ErrorObject, args: unknown, schema: unknown, tables: HintTables | undefined) {
  const params = error.params as Record<string, unknown>;
  const { entry, known } = mappingFor(error.keyword);
  let path = toPath(error.instancePath);
  const detail: Record<string, unknown> = {};
  const hints: CategorizedHint[] = [];
  switch (error.keyword) {
    case 'required': {
      path = toPath(error.instancePath, String(params.missingProperty));
      hints.push(missingRequiredHint(path));
      break;
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      path = toPath(error.instancePath, extra);
      detail.extra = extra;
      const known = siblingKeys(schema, error.schemaPath);
      const found = unknownKeyHints(extra, known, tables);
      if (found.matches.length > 0) detail.did_you_mean = found.matches;
      hints.push(...found.hints);
      break;
    }
    case 'type': {
      detail.expected_type = Array.isArray(params.type) ? params.type.join('|') : params.type;
      hints.push(...typeHints(path, String(detail.expected_type), valueAt(args, error.instancePath), detail));
      break;
    }
    case 'enum': {
      const allowed = params.allowedValues as unknown[];
      detail.allowed = allowed.slice(0, 50);
      const found = enumHints(path, valueAt(args, error.instancePath), allowed, tables);
      if (found.matches.length > 0) detail.did_you_mean = found.matches;
      hints.push(...found.hints);
      break;
    }
    case 'maxItems':
    case 'minItems':
    case 'maxLength':
    case 'minLength':
    case 'maxProperties':
    case 'minProperties':
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum': {
      detail.limit = params.limit;
      const v = valueAt(args, error.instancePath);
      detail.actual = Array.isArray(v) ? v.length : typeof v === 'string' ? v.length : v;
      break;
    }
    case 'const':
      detail.allowed = [params.allowedValue];
      break;
    case 'format':
      detail.format = params.format;
      break;
    case 'pattern':
      detail.pattern = params.pattern;
      break;
    case 'multipleOf':
      detail.limit = params.multipleOf;
      break;
    case 'oneOf':
    case 'anyOf': {
      // "exactly one of A or B": name the fields (the published schema only says it in words).
      const value = valueAt(args, error.instancePath);
      Object.assign(
        detail,
        requiredChoice(schemaAt(schema, error.schemaPath), value, error.keyword === 'oneOf'),
      );
      break;
    }
  }
  const value = valueAt(args, toPath(error.instancePath) === path ? error.instancePath : `/${path}`);
  const received = jsonType(value);
  // The additionalProperties template names the owning object: "Field (root) contains unexpected key x."
  const templatePath = error.keyword === 'additionalProperties' ? toPath(error.instancePath) : path;
  const values: Record<string, unknown> = {
    ...detail,
    path: templatePath,
    received_type: received,
    validator: error.keyword,
  };
  // Outside the mapping, the schema author's own words (the nearest `description`) say what the rule is.
  const rule = known ? (detail.rule as string | undefined) : describedBy(schema, error.schemaPath);
  if (rule !== undefined) {
    detail.rule = rule;
    values.rule = rule;
  }
  const out: EnvelopeDetail = {
    path,
    issue: known
      ? render(entry.summary_template, values)
      : `${error.message ?? 'invalid'} (${error.keyword})`,
    received_type: received,
    field: path,
    code: entry.error_code,
    validator: error.keyword,
    ...detail,
  };
  return { detail: out, hints, entry, values, known };
}

/** A numeric string for a number, a quoted JSON value for an array/object: name the fix. */
function typeHints(
  path: string,
  expected: string,
  value: unknown,
  detail: Record<string, unknown>,
): CategorizedHint[] {
  if (typeof value !== 'string') return [];
  const trimmed = value.trim();
  if (/integer|number/.test(expected) && trimmed !== '' && Number.isFinite(Number(trimmed))) {
    const n = Number(trimmed);
    if (expected.includes('number') || Number.isInteger(n)) {
      detail.did_you_mean = [n];
      return [
        {
          category: 'did_you_mean',
          text: `Did you mean ${path}=${n}? Got "${boundedValue(value)}" (a string); send ${n} as a number.`,
        },
      ];
    }
  }
  if (expected === 'boolean' && /^(true|false)$/i.test(trimmed)) {
    detail.did_you_mean = [trimmed.toLowerCase() === 'true'];
    return [
      {
        category: 'did_you_mean',
        text: `Did you mean ${path}=${trimmed.toLowerCase()}? Send a JSON boolean, not a string.`,
      },
    ];
  }
  if (expected === 'array' || expected === 'object') {
    return [
      { category: 'did_you_mean', text: `Send ${path} as a native JSON ${expected}, not a quoted string.` },
    ];
  }
  return [];
}

const boundedValue = (v: string) => (v.length > 40 ? `${v.slice(0, 39)}…` : v);

/**
 * `schemaOf` names the schema an error's `schemaPath` belongs to when it is not `schema` (errors found by
 * validating one part of the arguments against its own schema, see describeInPublishedShape).
 */
export function describeAjvErrors(
  errors: readonly ErrorObject[],
  args: unknown,
  schema: unknown,
  tables?: HintTables,
  schemaOf?: ReadonlyMap<ErrorObject, unknown>,
): ValidationReport {
  // Hostile input (a 100k-item array of wrong types) must not cost a detail per issue: only
  // MAX_DESCRIBED are described; the summary still counts them all.
  const all = selectErrors(errors.slice(0, MAX_RAW_ERRORS));
  const described = all
    .slice(0, MAX_DESCRIBED)
    .map((e) => detailFor(e, args, schemaOf?.get(e) ?? schema, tables));
  const total = errors.length > MAX_RAW_ERRORS ? Math.max(all.length, errors.length) : all.length;
  const primary = described[0];
  if (!primary) {
    return {
      code: 'SCHEMA_VALIDATION_FAILED',
      summary: 'Arguments failed schema validation.',
      details: [],
      hints: [],
      templateHints: [],
      orderedHints: [],
      unknownKeywords: [],
    };
  }
  const more = total > 1 ? ` (+${total - 1} more issue${total > 2 ? 's' : ''})` : '';
  const hints: CategorizedHint[] = [];
  for (const d of described) hints.push(...d.hints);
  const templatesOf = (d: (typeof described)[number]) =>
    typeof d.values.rule === 'string'
      ? [d.values.path ? `${d.values.path}: ${d.values.rule}` : d.values.rule, render(d.entry.hint, d.values)]
      : [render(d.entry.hint, d.values)];
  const templated = described.flatMap(templatesOf);
  // The primary issue's help comes first, so the hint bound never cuts it off.
  const rest = described.slice(1);
  const ordered = [
    ...primary.hints.map((h) => h.text),
    ...templatesOf(primary),
    ...rest.flatMap((d) => d.hints.map((h) => h.text)),
    ...rest.flatMap(templatesOf),
  ];
  return {
    code: primary.entry.error_code,
    summary: `${render(primary.entry.summary_template, primary.values)}${more}`,
    details: described.map((d) => d.detail),
    hints,
    templateHints: templated,
    orderedHints: ordered,
    unknownKeywords: described.filter((d) => !d.known).map((d) => String(d.values.validator)),
  };
}
