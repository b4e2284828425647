// Spec parameters (Swagger 2.0 and OpenAPI 3.0) → tool argument schemas and recipe entries.
import type { JsonSchemaObject, RecipeParam } from '../catalog-types.js';
import {
  type ArgSpec,
  acceptArg,
  acceptSchema,
  contentTypeSchema,
  resourceMediaTypes,
} from './accept-arg.js';
import { isMultipart, multipartBody } from './form-body.js';
import { type SpecOperation, swaggerParameterSchema } from './spec-operations.js';
import { type SchemaOptions, toInputSchema } from './to-json-schema.js';
import { type UndeclaredRequired, undeclaredRequired } from './undeclared-required.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SpecArguments {
  args: ArgSpec[];
  /** Header parameters the server supplies (required or not), by wire name. */
  serverHeaders: string[];
  contentType?: string;
  /** A multipart body's file parts (recipe `formFiles`). */
  formFiles?: string[];
  /**
   * Spec defects that would make the tool send a request the API refuses: a path placeholder no parameter
   * fills, a name the body requires but never declares. Generation stops on any (build-catalog.ts); an
   * erratum in @obmcp/upstream-specs settles each.
   */
  defects: string[];
}

/** The `{name}` placeholders of a path template, in order. */
export function placeholdersOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
}

export interface ParameterOptions extends SchemaOptions {
  /** Header names (any case) the server sets itself; they are not tool arguments. */
  serverHeaders: readonly string[];
}

/** JSON-ish request media type first (vendor `+json` counts), else the first declared. */
export function pickMediaType(types: readonly string[]): string | undefined {
  return types.find((t) => /[/+]json\b/i.test(t)) ?? types[0];
}

function parameterSchema(param: Obj, options: SchemaOptions): JsonSchemaObject {
  // OpenAPI 3: the schema is nested; Swagger 2.0: the keywords sit on the parameter itself.
  const source: Obj = isObj(param.schema) ? { ...param.schema } : swaggerParameterSchema(param);
  // toInputSchema keeps only a non-empty text description, so one of another type vanishes there.
  if (!('description' in source)) source.description = param.description;
  return toInputSchema(source, options);
}

/**
 * The request body's schema, with the body's own description when the schema has none (toInputSchema drops
 * a description that is not text).
 */
function bodySchema(schema: unknown, description: unknown, options: SchemaOptions): JsonSchemaObject {
  const out = toInputSchema(schema, options);
  if (description && !('description' in out))
    return toInputSchema(isObj(schema) ? { ...schema, description } : { description }, options);
  return out;
}

/**
 * An array parameter, nullable or not: `type: array`, OpenAPI 3.0 `nullable` (converted to
 * `type: [array, null]`), OpenAPI 3.1 `type: [array, null]`, or an anyOf/oneOf of an array and null.
 */
function isArraySchema(schema: unknown): boolean {
  if (!isObj(schema)) return false;
  const type = schema.type;
  if (type === 'array') return true;
  if (Array.isArray(type)) return type.includes('array') && type.every((t) => t === 'array' || t === 'null');
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf;
  if (!Array.isArray(branches)) return false;
  const nonNull = branches.filter((b) => !(isObj(b) && b.type === 'null'));
  return nonNull.length === 1 && isArraySchema(nonNull[0]);
}

function arrayStyle(param: Obj, schema: JsonSchemaObject): RecipeParam['style'] | undefined {
  if (!isArraySchema(schema)) return undefined;
  if ('collectionFormat' in param || !isObj(param.schema)) {
    return param.collectionFormat === 'multi' ? 'multi' : 'csv';
  }
  // OpenAPI 3 query default: style form, explode true → one pair per item.
  const style = typeof param.style === 'string' ? param.style : 'form';
  return style === 'form' && param.explode !== false ? 'multi' : 'csv';
}

export function specArguments(op: SpecOperation, options: ParameterOptions): SpecArguments {
  const server = new Set(options.serverHeaders.map((h) => h.toLowerCase()));
  const args: ArgSpec[] = [];
  const serverHeaders: string[] = [];
  const undeclared: UndeclaredRequired[] = [];
  const defects: string[] = [];
  let contentType: string | undefined;
  let formFiles: string[] | undefined;
  const used = new Set<string>();
  const argName = (name: string, location: string) => {
    const key = used.has(name) ? `${location}_${name}` : name;
    used.add(key);
    return key;
  };
  for (const p of op.parameters) {
    const name = String(p.name ?? '');
    const location = String(p.in ?? '');
    if (location === 'header' && server.has(name.toLowerCase())) {
      serverHeaders.push(name);
      continue;
    }
    if (location === 'body') {
      contentType = pickMediaType(op.consumes) ?? 'application/json';
      undeclared.push(...undeclaredRequired(p.schema, 'body'));
      args.push({
        // The Swagger body parameter's name is documentation only: every body argument is `body`.
        param: { arg: argName('body', 'body'), name: '', in: 'body', required: p.required === true },
        schema: bodySchema(p.schema, p.description, options),
      });
      continue;
    }
    if (location !== 'path' && location !== 'query' && location !== 'header') {
      throw new Error(`${op.operationId}: parameter ${name} in ${location} is not supported`);
    }
    const declaredAccept = location === 'header' && name.toLowerCase() === 'accept';
    const declaredContentType = location === 'header' && name.toLowerCase() === 'content-type';
    const schema = declaredAccept
      ? acceptSchema(op, parameterSchema(p, options))
      : declaredContentType
        ? contentTypeSchema(op, p, parameterSchema(p, options))
        : parameterSchema(p, options);
    const param: RecipeParam = {
      arg: argName(name, location),
      name,
      in: location,
      required: location === 'path' || p.required === true,
    };
    if (location === 'path' && p['x-amazon-spds-greedy-path-parameter'] === true) param.greedy = true;
    const style = arrayStyle(p, schema);
    if (style) param.style = style;
    args.push({ param, schema });
  }
  const filled = new Set(args.filter((a) => a.param.in === 'path').map((a) => a.param.name));
  const unfilled = placeholdersOf(op.path).filter((name) => !filled.has(name));
  for (const name of unfilled) defects.push(`path placeholder {${name}} of ${op.path} has no path parameter`);
  if (op.requestBody) {
    const content = isObj(op.requestBody.content) ? op.requestBody.content : {};
    const type = pickMediaType(Object.keys(content));
    if (type !== undefined) {
      contentType = type;
      const media = content[type];
      undeclared.push(...undeclaredRequired(isObj(media) ? media.schema : undefined, 'body'));
      let schema = bodySchema(isObj(media) ? media.schema : undefined, op.requestBody.description, options);
      if (isMultipart(type)) {
        const form = multipartBody(schema);
        schema = form.schema;
        if (form.files.length > 0) formFiles = form.files;
      }
      args.push({
        param: {
          arg: argName('body', 'body'),
          name: '',
          in: 'body',
          required: op.requestBody.required === true,
        },
        schema,
      });
    }
  }
  const resourceTypes = resourceMediaTypes(op);
  const declaresAccept = args.some((a) => a.param.in === 'header' && a.param.name.toLowerCase() === 'accept');
  if (resourceTypes && !declaresAccept) args.push(acceptArg(resourceTypes, argName));
  for (const u of undeclared) defects.push(`${u.at} requires '${u.name}', which it never declares`);
  const result: SpecArguments = { args, serverHeaders, defects };
  if (contentType !== undefined) result.contentType = contentType;
  if (formFiles !== undefined) result.formFiles = formFiles;
  return result;
}

/** The success media type to send as Accept: Swagger `produces`, or the first 2xx response's content. */
export function acceptOf(op: SpecOperation): string | undefined {
  if (op.produces.length > 0) return pickMediaType(op.produces);
  const codes = Object.keys(op.responses)
    .filter((c) => /^2/.test(c))
    .sort();
  for (const code of codes) {
    const response = op.responses[code];
    if (isObj(response) && isObj(response.content)) {
      const type = pickMediaType(Object.keys(response.content));
      if (type) return type;
    }
  }
  return undefined;
}

/** True when a 2xx response schema requires a top-level `errors` property (directly or in allOf). */
export function errorsInSuccess(op: SpecOperation): boolean {
  const requiresErrors = (schema: unknown): boolean => {
    if (!isObj(schema)) return false;
    if (Array.isArray(schema.required) && schema.required.includes('errors')) return true;
    return Array.isArray(schema.allOf) && schema.allOf.some(requiresErrors);
  };
  for (const [code, response] of Object.entries(op.responses)) {
    if (!/^2/.test(code) || !isObj(response)) continue;
    if (requiresErrors(response.schema)) return true;
    const content = isObj(response.content) ? response.content : {};
    if (Object.values(content).some((media) => isObj(media) && requiresErrors(media.schema))) return true;
  }
  return false;
}
