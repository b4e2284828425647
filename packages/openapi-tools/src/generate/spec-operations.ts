// Walks a dereferenced Swagger 2.0 / OpenAPI 3.x document and yields its operations in one shape.
import type { HttpMethod } from '../catalog-types.js';

type Obj = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** One operation as the spec states it (parameters merged from path and operation level). */
export interface SpecOperation {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  deprecated: boolean;
  /** Path-level then operation-level parameters; an operation-level one replaces the same name+in. */
  parameters: Obj[];
  /** OpenAPI 3 request body (`{ required, content }`), if any. */
  requestBody?: Obj;
  /** Swagger 2.0 `consumes` / `produces` (operation overrides document). */
  consumes: string[];
  produces: string[];
  responses: Obj;
  /** The raw operation object (for extensions such as `x-amzn-api-sandbox`). */
  raw: Obj;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

/** Swagger 2.0 non-body parameter keywords that are schema keywords (a query, path, header or formData field's schema). */
const SWAGGER_SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
  'description',
];

/** A Swagger 2.0 non-body parameter's schema: the schema keywords that sit on the parameter itself. */
export const swaggerParameterSchema = (p: Obj): Obj =>
  Object.fromEntries(SWAGGER_SCHEMA_KEYS.filter((k) => k in p).map((k) => [k, p[k]]));
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Swagger 2.0 `in: formData` parameters are the fields of one form body: they become the request body OpenAPI 3
 * states for them (as swagger2openapi converts it), an object of the fields in the form media types the operation
 * consumes; a `type: file` field is a binary part, so the form is multipart. No form type declared: urlencoded, or
 * multipart when a field is a file (Swagger 2.0 allows no other).
 */
function formRequestBody(entry: SpecOperation): void {
  const fields = entry.parameters.filter((p) => p.in === 'formData');
  if (fields.length === 0) return;
  entry.parameters = entry.parameters.filter((p) => p.in !== 'formData');
  const file = fields.some((p) => p.type === 'file');
  const declared = entry.consumes.filter((t) => FORM_TYPES.test(t));
  const types =
    declared.length > 0 ? declared : [file ? 'multipart/form-data' : 'application/x-www-form-urlencoded'];
  const properties = Object.fromEntries(
    fields.map((p) => [
      String(p.name),
      p.type === 'file'
        ? { type: 'string', format: 'binary', ...(p.description ? { description: p.description } : {}) }
        : swaggerParameterSchema(p),
    ]),
  );
  const required = fields.filter((p) => p.required === true).map((p) => String(p.name));
  const schema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  entry.requestBody = {
    required: required.length > 0,
    content: Object.fromEntries(types.map((t) => [t, { schema }])),
  };
}

export function specOperations(doc: Obj): SpecOperation[] {
  const out: SpecOperation[] = [];
  const paths = isObj(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters.filter(isObj) : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      const own = Array.isArray(op.parameters) ? op.parameters.filter(isObj) : [];
      const key = (p: Obj) => `${String(p.in)}:${String(p.name)}`;
      const ownKeys = new Set(own.map(key));
      const parameters = [...shared.filter((p) => !ownKeys.has(key(p))), ...own];
      const entry: SpecOperation = {
        method: method.toUpperCase() as HttpMethod,
        path,
        operationId: typeof op.operationId === 'string' ? op.operationId : `${method}${path}`,
        summary: typeof op.summary === 'string' ? op.summary : '',
        description: typeof op.description === 'string' ? op.description : '',
        deprecated: op.deprecated === true,
        parameters,
        consumes: strings(op.consumes ?? doc.consumes),
        produces: strings(op.produces ?? doc.produces),
        responses: isObj(op.responses) ? op.responses : {},
        raw: op,
      };
      if (isObj(op.requestBody)) entry.requestBody = op.requestBody;
      else formRequestBody(entry);
      out.push(entry);
    }
  }
  return out;
}
