// JSON:API documents → agent-friendly objects: attributes flattened, numeric ids, relationship ids lifted.
import { UpstreamTransportError } from '@obmcp/contract';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A JSON:API string id as a number when the number is exact (≤ 2^53 - 1); a larger one stays a string, digit for digit. */
function numericId(id: unknown): unknown {
  return typeof id === 'string' && /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id;
}

/** `{type,id,attributes,relationships}` → `{id, type, ...attributes, <rel>_id}`. */
export function flatten(resource: unknown): Obj {
  if (!isObj(resource)) return { value: resource };
  const out: Obj = { id: numericId(resource.id), type: resource.type };
  if (isObj(resource.attributes)) Object.assign(out, resource.attributes);
  if (isObj(resource.relationships)) {
    for (const [name, rel] of Object.entries(resource.relationships)) {
      const data = isObj(rel) ? rel.data : undefined;
      if (isObj(data) && `${name}_id` in out === false) out[`${name}_id`] = numericId(data.id);
    }
  }
  if (!('attributes' in resource)) for (const [k, v] of Object.entries(resource)) if (!(k in out)) out[k] = v;
  return out;
}

function invalid(what: string): UpstreamTransportError {
  return new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
    summary: `Openbridge API answered with an unexpected body shape (${what}).`,
    details: [{ path: '', issue: what, received_type: 'upstream_response' }],
  });
}

/** A single resource, wrapped `{data:{…}}` or bare `{type,id,attributes}` (both occur). */
export function single(body: unknown): Obj {
  if (isObj(body) && isObj(body.data)) return flatten(body.data);
  if (isObj(body) && 'id' in body) return flatten(body);
  throw invalid('expected a JSON:API resource');
}

export interface Page {
  items: Obj[];
  pagination: { page?: number; pages?: number; count?: number; has_next: boolean };
}

/** `{links, data:[…], meta:{pagination}}` or a bare array → items + pagination. */
export function page(body: unknown): Page {
  if (Array.isArray(body))
    return { items: body.map(flatten), pagination: { count: body.length, has_next: false } };
  if (!isObj(body) || !Array.isArray(body.data)) throw invalid('expected a JSON:API list');
  const meta = isObj(body.meta) && isObj(body.meta.pagination) ? body.meta.pagination : {};
  const next = isObj(body.links) ? body.links.next : undefined;
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return {
    items: body.data.map(flatten),
    pagination: {
      page: num(meta.page),
      pages: num(meta.pages),
      count: num(meta.count),
      has_next: typeof next === 'string' && next !== '',
    },
  };
}

/** Drops undefined values (so optional args never reach a query string or body). */
export function compact<T extends Obj>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
