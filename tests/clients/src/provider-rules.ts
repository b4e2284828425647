// The tool-schema rules of each provider API, applied to the tools a provider SDK actually put in its request.
// Sources: OpenAI "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top
// level"; Anthropic "input_schema does not support oneOf, allOf, or anyOf at the top level"; Gemini
// `functionDeclarations[].parameters` is an OpenAPI 3.0 subset with a fixed field list (unknown fields fail the
// request) and STRING formats limited to enum/date-time; OpenAI strict mode (structured outputs) needs every
// object closed and every property required. Details and links: docs/CLIENTS.md.
import type { ProviderApi } from './provider-stub.js';

export interface WireTool {
  name: string;
  schema: unknown;
  /** Gemini only: `parameters` (OpenAPI subset) or `parametersJsonSchema` (JSON Schema). */
  field?: 'parameters' | 'parametersJsonSchema' | 'none';
}

export interface Violation {
  tool: string;
  path: string;
  rule: string;
  /** A rule known from reported API errors, not from the provider's reference (marked † in docs/CLIENTS.md). */
  reported?: boolean;
}

/** One line per violation, for assertion messages. */
export const describeViolations = (violations: readonly Violation[]): string[] =>
  violations.map((v) => `${v.tool} ${v.path || '/'}: ${v.rule}`);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The tools of a captured request body, with the schema the provider receives. */
export function wireTools(api: ProviderApi, body: Json): WireTool[] {
  const tools = Array.isArray(body['tools']) ? (body['tools'] as Json[]) : [];
  switch (api) {
    case 'openai-responses':
      return tools.map((t) => ({ name: String(t['name']), schema: t['parameters'] }));
    case 'openai-chat':
      return tools.map((t) => {
        const fn = (t['function'] ?? {}) as Json;
        return { name: String(fn['name']), schema: fn['parameters'] };
      });
    case 'anthropic':
      return tools.map((t) => ({ name: String(t['name']), schema: t['input_schema'] }));
    case 'google':
      return tools.flatMap((t) =>
        ((t['functionDeclarations'] ?? []) as Json[]).map((d): WireTool => {
          if ('parametersJsonSchema' in d)
            return {
              name: String(d['name']),
              schema: d['parametersJsonSchema'],
              field: 'parametersJsonSchema',
            };
          if ('parameters' in d)
            return { name: String(d['name']), schema: d['parameters'], field: 'parameters' };
          return { name: String(d['name']), schema: { type: 'object', properties: {} }, field: 'none' };
        }),
      );
  }
}

/** Keywords whose value is a schema, a list of schemas or a map of schemas. */
const SCHEMA_KEYS = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
];
const SCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAP_KEYS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** Calls `visit` on every sub-schema (booleans included) with its JSON path. */
function walk(schema: unknown, path: string, visit: (node: unknown, path: string) => void): void {
  visit(schema, path);
  if (!isObject(schema)) return;
  for (const key of SCHEMA_KEYS)
    if (key in schema && typeof schema[key] !== 'undefined') {
      // `additionalProperties: true/false` opens or closes an object; every provider takes that form.
      if (key === 'additionalProperties' && typeof schema[key] === 'boolean') continue;
      walk(schema[key], `${path}/${key}`, visit);
    }
  for (const key of SCHEMA_LIST_KEYS)
    if (Array.isArray(schema[key]))
      (schema[key] as unknown[]).forEach((sub, i) => {
        walk(sub, `${path}/${key}/${i}`, visit);
      });
  for (const key of SCHEMA_MAP_KEYS)
    if (isObject(schema[key]))
      for (const [name, sub] of Object.entries(schema[key])) walk(sub, `${path}/${key}/${name}`, visit);
}

/** Keywords no provider path takes everywhere (the portable subset of docs/CONTRACT.md). */
const NOT_PORTABLE = [
  '$ref',
  '$defs',
  'definitions',
  'examples',
  'dependentSchemas',
  'dependentRequired',
  'if',
  'then',
  'else',
];
/** Top-level keywords each provider refuses (OpenAI's and Anthropic's error messages; Gemini has no root union). */
const TOP_LEVEL_FORBIDDEN: Record<ProviderApi, readonly string[]> = {
  'openai-responses': ['oneOf', 'anyOf', 'allOf', 'enum', 'not'],
  'openai-chat': ['oneOf', 'anyOf', 'allOf', 'enum', 'not'],
  anthropic: ['oneOf', 'anyOf', 'allOf'],
  google: ['oneOf', 'anyOf', 'allOf', 'enum', 'not'],
};
const ANY_TOP_LEVEL_UNION = ['oneOf', 'anyOf', 'allOf', 'not', 'enum', 'if'];

/** A tool's root must be an object schema with `type: 'object'` and none of the `forbidden` keywords. */
function rootViolations(tool: string, schema: unknown, forbidden: readonly string[]): Violation[] {
  const out: Violation[] = [];
  if (!isObject(schema) || schema['type'] !== 'object')
    out.push({ tool, path: '', rule: "root must be a schema object with type 'object'" });
  if (isObject(schema))
    for (const key of forbidden)
      if (key in schema) out.push({ tool, path: `/${key}`, rule: `top-level ${key}` });
  return out;
}

/**
 * The portable subset a published inputSchema must keep (docs/CONTRACT.md): an object root without unions, no
 * boolean schemas, no `type` arrays, none of the keywords some provider path rejects.
 */
export function portableViolations(tool: string, schema: unknown): Violation[] {
  const out = rootViolations(tool, schema, ANY_TOP_LEVEL_UNION);
  walk(schema, '', (node, path) => {
    if (typeof node === 'boolean') out.push({ tool, path, rule: `boolean schema ${node}` });
    if (!isObject(node)) return;
    if (Array.isArray(node['type'])) out.push({ tool, path: `${path}/type`, rule: 'type array' });
    for (const key of NOT_PORTABLE) if (key in node) out.push({ tool, path: `${path}/${key}`, rule: key });
  });
  return out;
}

/** Gemini `parameters`: the OpenAPI 3.0 subset (Schema fields of the Gemini API reference). */
const GEMINI_FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);
const GEMINI_FORMATS: Record<string, readonly string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};

export function geminiParametersViolations(tool: string, schema: unknown): Violation[] {
  const out: Violation[] = [];
  walk(schema, '', (node, path) => {
    if (typeof node === 'boolean') out.push({ tool, path, rule: `Gemini: boolean schema ${node}` });
    if (!isObject(node)) return;
    if ('type' in node && typeof node['type'] !== 'string')
      out.push({ tool, path: `${path}/type`, rule: 'Gemini: type must be one name' });
    for (const key of Object.keys(node))
      if (!GEMINI_FIELDS.has(key))
        out.push({ tool, path: `${path}/${key}`, rule: `Gemini: unknown field ${key}` });
    const format = node['format'];
    const allowed = GEMINI_FORMATS[String(node['type']).toLowerCase()] ?? [];
    if (typeof format === 'string' && !allowed.includes(format))
      out.push({ tool, path: `${path}/format`, rule: `Gemini: format ${format}` });
    // Reported API errors: "properties: should be non-empty for OBJECT type" (a nested object with no
    // properties, e.g. an open map once additionalProperties is dropped) and "property is not defined".
    const properties = isObject(node['properties']) ? node['properties'] : {};
    if (
      path !== '' &&
      String(node['type']).toLowerCase() === 'object' &&
      Object.keys(properties).length === 0
    )
      out.push({ tool, path, rule: 'Gemini: OBJECT without properties', reported: true });
    if (Array.isArray(node['required']))
      for (const name of node['required'] as unknown[])
        if (typeof name !== 'string' || !Object.hasOwn(properties, name))
          out.push({
            tool,
            path: `${path}/required`,
            rule: `Gemini: required ${String(name)} undefined`,
            reported: true,
          });
  });
  return out;
}

/**
 * Tools one request may carry (OpenAI: "Invalid 'tools': array too long. Expected an array with maximum length
 * 128"; Gemini: "At most 512 function declarations can be specified"; Anthropic documents no count).
 */
export const TOOL_COUNT_LIMITS: Partial<Record<ProviderApi, number>> = {
  'openai-responses': 128,
  'openai-chat': 128,
  google: 512,
};

/** Tool names each API accepts (OpenAI/Anthropic function names; Gemini function declaration names). */
const NAME_RULES: Record<ProviderApi, RegExp> = {
  'openai-responses': /^[a-zA-Z0-9_-]{1,64}$/,
  'openai-chat': /^[a-zA-Z0-9_-]{1,64}$/,
  anthropic: /^[a-zA-Z0-9_-]{1,64}$/,
  google: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
};

/** Rules on the request as a whole: the tool-count cap fails every tool in it at once. */
export function requestViolations(api: ProviderApi, body: Json): Violation[] {
  const tools = wireTools(api, body);
  const limit = TOOL_COUNT_LIMITS[api];
  const out: Violation[] = [];
  if (limit !== undefined && tools.length > limit)
    out.push({ tool: '(request)', path: '/tools', rule: `${tools.length} tools > ${limit}` });
  for (const tool of tools)
    if (!NAME_RULES[api].test(tool.name)) out.push({ tool: tool.name, path: '', rule: 'tool name' });
  return out;
}

/**
 * Every documented rule the provider behind `api` applies to the tools of one request (as a client library put them
 * on the wire: converters may rewrite schemas, e.g. a union of scalars into a `type` array, which OpenAI and
 * Anthropic accept and Gemini's `parameters` does not).
 */
export function providerViolations(api: ProviderApi, body: Json): Violation[] {
  return wireTools(api, body).flatMap((tool) => {
    if (tool.field === 'none') return [];
    const root = rootViolations(tool.name, tool.schema, TOP_LEVEL_FORBIDDEN[api]);
    return tool.field === 'parameters'
      ? [...root, ...geminiParametersViolations(tool.name, tool.schema)]
      : root;
  });
}

/** OpenAI strict mode (structured outputs): closed objects, every property required, a smaller keyword set. */
const STRICT_UNSUPPORTED = [
  'allOf',
  'not',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'uniqueItems',
  'default',
  'minProperties',
  'maxProperties',
  'examples',
  'patternProperties',
];
const STRICT_FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'];

export function openAiStrictViolations(tool: string, schema: unknown): Violation[] {
  const out = portableViolations(tool, schema);
  walk(schema, '', (node, path) => {
    if (!isObject(node)) return;
    for (const key of STRICT_UNSUPPORTED)
      if (key in node) out.push({ tool, path: `${path}/${key}`, rule: key });
    if (typeof node['format'] === 'string' && !STRICT_FORMATS.includes(node['format']))
      out.push({ tool, path: `${path}/format`, rule: `format ${node['format']}` });
    if (node['type'] !== 'object' && !isObject(node['properties'])) return;
    if (node['additionalProperties'] !== false)
      out.push({ tool, path, rule: 'object without additionalProperties: false' });
    const required = new Set(Array.isArray(node['required']) ? (node['required'] as string[]) : []);
    for (const name of Object.keys(isObject(node['properties']) ? node['properties'] : {}))
      if (!required.has(name))
        out.push({ tool, path: `${path}/properties/${name}`, rule: 'optional property' });
  });
  return out;
}
