// What every Openbridge server refuses before its view runs: an Accept it cannot satisfy (406), a body media type
// its parser does not read (415), and a resource document whose id differs from the URL's (409).
import { OPENBRIDGE_HOSTS } from './constants.js';
import { type ErrorStyle, errorResponse } from './errors.js';

/**
 * The request body media type each host documents: the Subscriptions API is a JSON:API server
 * (subscriptions-api.md: `Content-Type: application/vnd.api+json`); the Service API proxy and the other
 * hosts take `application/json` (service-api.md, service-ob-api.md, authentication-api.md, the embed-cli).
 */
function documentedBodyType(url: URL): string {
  return url.origin === OPENBRIDGE_HOSTS.subscriptions ? 'application/vnd.api+json' : 'application/json';
}

/** What the renderers produce: JSON and JSON:API everywhere; the Query API also renders CSV. */
function renderable(url: URL): string[] {
  const types = ['application/json', 'application/vnd.api+json'];
  if (url.pathname.endsWith('/query/production/query')) types.push('text/csv');
  return types;
}

const mediaType = (value: string): string => (value.split(';')[0] ?? '').trim().toLowerCase();

/** RFC 9110 §12.5.1: some listed range (q > 0) matches a type the server renders; no Accept accepts anything. */
function acceptable(accept: string | null, types: readonly string[]): boolean {
  if (accept === null || accept.trim() === '') return true;
  return accept.split(',').some((entry) => {
    const [range = '', ...params] = entry.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) return false;
    if (range === '*/*') return true;
    if (range.endsWith('/*')) return types.some((t) => t.startsWith(range.slice(0, -1)));
    return types.includes(range);
  });
}

/** `data.id` of a JSON body, if the body is a resource document that carries one. */
async function bodyId(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.clone().json()) as { data?: { id?: unknown } } | null;
    const id = body?.data?.id;
    return id === undefined || id === null ? undefined : String(id);
  } catch {
    return undefined;
  }
}

/** The refusal for a request no Openbridge server would pass to its view, or undefined. */
export async function refuseRequest(
  request: Request,
  style: ErrorStyle,
  pathId: string | undefined,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (!acceptable(request.headers.get('accept'), renderable(url)))
    return errorResponse(style, 406, 'Could not satisfy the request Accept header.');
  const method = request.method.toUpperCase();
  if (method !== 'POST' && method !== 'PATCH' && method !== 'PUT') return undefined;
  const sent = mediaType(request.headers.get('content-type') ?? '');
  const expected = documentedBodyType(url);
  if (sent !== expected)
    return errorResponse(
      style,
      415,
      `Unsupported media type "${sent.slice(0, 60)}" in request; send ${expected}.`,
    );
  if (method !== 'POST' && pathId !== undefined) {
    const id = await bodyId(request);
    if (id !== undefined && id !== pathId)
      return errorResponse(
        style,
        409,
        `The resource object's id (${id.slice(0, 20)}) does not match the URL's id (${pathId.slice(0, 20)}).`,
      );
  }
  return undefined;
}
