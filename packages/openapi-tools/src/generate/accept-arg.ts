// The Accept header as a tool argument: required where the success media type depends on the resource read, and an enum where the spec declares a free-string Accept.
import type { JsonSchemaObject, RecipeParam } from '../catalog-types.js';
import type { SpecOperation } from './spec-operations.js';

/** One tool argument the generator derives: its recipe entry and its input schema. */
export interface ArgSpec {
  param: RecipeParam;
  schema: JsonSchemaObject;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The vendor resource a media type names, versions left out (`vnd.campaignsexport.v1+json` → `campaignsexport`). */
function vendorResource(type: string): string | undefined {
  const m = /^application\/vnd\.(.+?)(?:\.v\d+(?:\.\d+)*)?\+json/i.exec(type.trim());
  return m?.[1]?.toLowerCase();
}

/**
 * The success media types of an operation whose answer depends on the resource being read: its 2xx
 * responses declare vendor types naming two or more different resources (not versions of one), e.g. Ads
 * `GET /exports/{exportId}` (one type per export kind). Undefined for every other operation.
 */
export function resourceMediaTypes(op: SpecOperation): string[] | undefined {
  const types = successMediaTypes(op);
  const resources = new Set([...types].map(vendorResource).filter((r) => r !== undefined));
  return resources.size > 1 ? [...types].filter((t) => vendorResource(t) !== undefined) : undefined;
}

/** Every media type the operation's success responses declare (Swagger `produces`, OAS3 2xx content). */
function successMediaTypes(op: SpecOperation): string[] {
  const types = new Set(op.produces);
  for (const [code, response] of Object.entries(op.responses)) {
    if (/^2/.test(code) && isObj(response) && isObj(response.content))
      for (const type of Object.keys(response.content)) types.add(type);
  }
  return [...types];
}

/** A media type as compared: its type/subtype in lower case, parameters left out. */
const bare = (type: unknown) => (typeof type === 'string' ? type.split(';')[0]?.trim().toLowerCase() : type);

/**
 * A media-type header argument (`Accept`, `Content-Type`) offers only the types the operation declares (any other
 * is refused by the API: 406/415): a free string takes them as its enum; an enum the spec shares between operations
 * (Ads `AcceptHeader`) keeps only its values the operation declares, or the declared types when none is; a default
 * outside the result is dropped.
 */
function declaredOnly(schema: JsonSchemaObject, declared: readonly string[]): JsonSchemaObject {
  if (declared.length === 0) return schema;
  if (!Array.isArray(schema.enum)) return { ...schema, type: 'string', enum: [...declared] };
  const known = new Set(declared.map(bare));
  const kept = schema.enum.filter((v) => known.has(bare(v)));
  const { default: fallback, ...rest } = schema;
  const values = kept.length > 0 ? kept : [...declared];
  return values.includes(fallback) ? { ...rest, enum: values, default: fallback } : { ...rest, enum: values };
}

/** An `Accept` header parameter: the success media types the operation declares (declaredOnly). */
export function acceptSchema(op: SpecOperation, schema: JsonSchemaObject): JsonSchemaObject {
  return declaredOnly(schema, successMediaTypes(op));
}

/** The `Accept` argument of a resource-dependent operation: required, one of the declared types. */
export function acceptArg(
  types: readonly string[],
  argName: (name: string, location: string) => string,
): ArgSpec {
  return {
    param: { arg: argName('Accept', 'header'), name: 'Accept', in: 'header', required: true },
    schema: {
      type: 'string',
      enum: [...types],
      description:
        'Media type of the resource being read (sent as Accept): the API answers in the type of that ' +
        'resource and refuses another (406), e.g. the type the export or request was created with.',
    },
  };
}

/** The request media types an operation declares (OpenAPI 3 requestBody content, else Swagger consumes). */
function requestMediaTypes(op: SpecOperation): string[] {
  const content = isObj(op.requestBody) && isObj(op.requestBody.content) ? op.requestBody.content : undefined;
  return content ? Object.keys(content) : op.parameters.some((p) => p.in === 'body') ? [...op.consumes] : [];
}

/**
 * A `Content-Type` header parameter (sent as given, see buildRequest): with a JSON-like request body it offers the
 * request media types the operation declares (declaredOnly; another is refused, 415); without a body, the
 * parameter's own documented `example` as its default. A multipart operation's argument is the file part's
 * type, left as the spec has it.
 */
export function contentTypeSchema(op: SpecOperation, param: Obj, schema: JsonSchemaObject): JsonSchemaObject {
  const declared = requestMediaTypes(op);
  if (declared.some((t) => t.toLowerCase().startsWith('multipart/'))) return schema;
  if (declared.length > 0) return declaredOnly(schema, declared);
  if ('enum' in schema) return schema;
  return typeof param.example === 'string' && schema.default === undefined
    ? { ...schema, default: param.example }
    : schema;
}
