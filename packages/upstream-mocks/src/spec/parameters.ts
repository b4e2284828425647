// The parameters and request body an operation declares, and how their values travel on the wire.
import { deref, type Json } from './json-schema.js';
import type { Operation } from './operations.js';

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie' | 'formData';
/** How an array travels: one value joined by a delimiter, or the name repeated (`multi`). */
export type ArrayStyle = { join: string } | 'multi';

export interface ParamSpec {
  name: string;
  in: ParamLocation;
  required: boolean;
  /** The value's schema (Swagger 2.0: the parameter object itself, which carries type/items/enum). */
  schema: Json;
  /** Set when the value is an array. */
  array?: ArrayStyle;
}

export interface BodySpec {
  required: boolean;
  /** Parameter name (Swagger 2.0 `in: body`), used by the static sandbox's canned requests. */
  name: string;
  /** Declared media types (lower-case) → schema. */
  media: Map<string, { mediaType: string; schema: Json | undefined }>;
}

/**
 * Spec text that contradicts its own schema, read the way the description says. Each entry names
 * the API file, the parameter, and the rule. Keep this list short and sourced.
 */
const QUIRKS: Array<{ api: string; param: string; rule: 'csv-of-enum' }> = [
  // AccountsProfiles listProfiles: "profiles that are of the specified types in the comma-delimited list"
  // while the schema is a single enum string.
  { api: 'AccountsProfiles', param: 'profileTypeFilter', rule: 'csv-of-enum' },
];

/** Header parameters OpenAPI says to ignore (they are governed by media types and security). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

function arrayStyle(op: Operation, p: Json, schema: Json): ArrayStyle | undefined {
  if (schema.type !== 'array') return undefined;
  if (op.dialect === 'swagger2') {
    switch (p.collectionFormat) {
      case 'multi':
        return 'multi';
      case 'ssv':
        return { join: ' ' };
      case 'tsv':
        return { join: '\t' };
      case 'pipes':
        return { join: '|' };
      default:
        return { join: ',' };
    }
  }
  const style = typeof p.style === 'string' ? p.style : p.in === 'query' ? 'form' : 'simple';
  const explode = typeof p.explode === 'boolean' ? p.explode : style === 'form';
  if (style === 'form') return explode ? 'multi' : { join: ',' };
  if (style === 'spaceDelimited') return explode ? 'multi' : { join: ' ' };
  if (style === 'pipeDelimited') return explode ? 'multi' : { join: '|' };
  return { join: ',' };
}

function schemaOf(op: Operation, p: Json): Json {
  if (op.dialect === 'oas3') {
    const direct = deref(op.doc, p.schema);
    if (direct && typeof direct === 'object') return direct as Json;
    const content = p.content as Record<string, Json> | undefined;
    const first = content ? Object.values(content)[0] : undefined;
    return (deref(op.doc, first?.schema) as Json | undefined) ?? {};
  }
  return p;
}

function applyQuirk(op: Operation, spec: ParamSpec): ParamSpec {
  const quirk = QUIRKS.find((q) => q.api === op.api && q.param === spec.name);
  if (quirk?.rule === 'csv-of-enum' && spec.schema.type !== 'array') {
    return { ...spec, schema: { type: 'array', items: spec.schema }, array: { join: ',' } };
  }
  return spec;
}

/** Path-level and operation-level parameters (the operation's win), minus body and ignored headers. */
export function paramsOf(op: Operation): ParamSpec[] {
  const byKey = new Map<string, Json>();
  for (const raw of [
    ...((op.pathItem.parameters as unknown[]) ?? []),
    ...((op.operation.parameters as unknown[]) ?? []),
  ]) {
    const p = deref(op.doc, raw) as Json | undefined;
    if (!p || typeof p.name !== 'string') continue;
    byKey.set(`${String(p.in)}:${p.name}`, p);
  }
  const out: ParamSpec[] = [];
  for (const p of byKey.values()) {
    const where = String(p.in);
    // The body, and Swagger 2.0 formData fields: the fields of the form body (bodyOf).
    if (where === 'body' || where === 'formData') continue;
    const name = String(p.name);
    if (where === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) continue;
    const schema = schemaOf(op, p);
    const spec: ParamSpec = {
      name,
      in: where as ParamLocation,
      required: p.required === true || where === 'path',
      schema,
    };
    const style = arrayStyle(op, p, schema);
    out.push(applyQuirk(op, style ? { ...spec, array: style } : spec));
  }
  return out;
}

/** The request body the operation takes, if any. */
export function bodyOf(op: Operation): BodySpec | undefined {
  if (op.dialect === 'oas3') {
    const rb = deref(op.doc, op.operation.requestBody) as Json | undefined;
    if (!rb) return undefined;
    const media = new Map<string, { mediaType: string; schema: Json | undefined }>();
    for (const [mediaType, entry] of Object.entries((rb.content as Record<string, Json>) ?? {})) {
      media.set(mediaType.toLowerCase(), {
        mediaType,
        schema: deref(op.doc, entry?.schema) as Json | undefined,
      });
    }
    return { required: rb.required === true, name: 'body', media };
  }
  const params = [
    ...((op.pathItem.parameters as unknown[]) ?? []),
    ...((op.operation.parameters as unknown[]) ?? []),
  ];
  const resolved = params.map((p) => deref(op.doc, p) as Json | undefined);
  const body = resolved.find((p) => p?.in === 'body');
  if (!body)
    return formBodyOf(
      op,
      resolved.filter((p): p is Json => p?.in === 'formData'),
    );
  const consumes = (op.operation.consumes ?? op.doc.consumes ?? ['application/json']) as string[];
  const schema = deref(op.doc, body.schema) as Json | undefined;
  return {
    required: body.required === true,
    name: String(body.name),
    media: new Map(consumes.map((m) => [m.toLowerCase(), { mediaType: m, schema }])),
  };
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Swagger 2.0 formData fields: one form body, an object of the fields (a `type: file` field a binary part), in the
 * form media types the operation consumes (none declared: urlencoded, multipart when a field is a file).
 */
function formBodyOf(op: Operation, fields: Json[]): BodySpec | undefined {
  if (fields.length === 0) return undefined;
  const file = fields.some((f) => f.type === 'file');
  const consumes = ((op.operation.consumes ?? op.doc.consumes ?? []) as string[]).filter((t) =>
    FORM_TYPES.test(t),
  );
  const types =
    consumes.length > 0 ? consumes : [file ? 'multipart/form-data' : 'application/x-www-form-urlencoded'];
  const properties = Object.fromEntries(
    fields.map((f) => {
      const { name: _name, in: _in, required: _required, ...schema } = f;
      return [String(f.name), f.type === 'file' ? { type: 'string', format: 'binary' } : schema];
    }),
  );
  const required = fields.filter((f) => f.required === true).map((f) => String(f.name));
  const schema: Json = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  return {
    required: required.length > 0,
    name: 'formData',
    media: new Map(types.map((m) => [m.toLowerCase(), { mediaType: m, schema }])),
  };
}

/** Status code → media type → schema for every declared response (Swagger 2.0: `produces`). */
export function responsesOf(
  op: Operation,
): Map<string, Map<string, { mediaType: string; schema: Json | undefined }>> {
  const out = new Map<string, Map<string, { mediaType: string; schema: Json | undefined }>>();
  const responses = (op.operation.responses as Record<string, unknown>) ?? {};
  for (const [status, raw] of Object.entries(responses)) {
    const r = deref(op.doc, raw) as Json | undefined;
    if (!r) continue;
    const media = new Map<string, { mediaType: string; schema: Json | undefined }>();
    if (op.dialect === 'oas3') {
      for (const [mediaType, entry] of Object.entries((r.content as Record<string, Json>) ?? {})) {
        media.set(mediaType.toLowerCase(), {
          mediaType,
          schema: deref(op.doc, entry?.schema) as Json | undefined,
        });
      }
    } else if (r.schema !== undefined) {
      const produces = (op.operation.produces ?? op.doc.produces ?? ['application/json']) as string[];
      const schema = deref(op.doc, r.schema) as Json | undefined;
      for (const m of produces) media.set(m.toLowerCase(), { mediaType: m, schema });
    }
    out.set(status, media);
  }
  return out;
}

/** Strips parameters and case from a media type (`Application/JSON; charset=utf-8` → `application/json`). */
export function bareMediaType(value: string | null | undefined): string {
  return (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isJsonMedia(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json') || mediaType.endsWith('/json');
}

/** The declared media type an Accept header selects among `declared` (first declared when none). */
export function chooseMediaType(declared: string[], accept: string | null): string | undefined {
  if (accept) {
    for (const wanted of accept.split(',').map((a) => bareMediaType(a))) {
      const hit = declared.find((d) => d.toLowerCase() === wanted);
      if (hit) return hit;
    }
  }
  return declared[0];
}
