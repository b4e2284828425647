// JSON:API response helpers: single resources, paginated lists with links/meta, request ids.
import { HttpResponse } from 'msw';
import { errorResponse, requestId } from './errors.js';

export interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, unknown>;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(body as Record<string, unknown>, {
    status,
    headers: { 'x-request-id': requestId(), ...headers },
  });
}

function pageUrl(url: URL, page: number): string {
  const next = new URL(url);
  next.searchParams.set('page', String(page));
  return next.toString();
}

/** Positive integer query param, or the fallback. */
export function intParam(url: URL, name: string, fallback: number): number {
  const raw = Number(url.searchParams.get(name));
  return Number.isInteger(raw) && raw > 0 ? raw : fallback;
}

/**
 * `{links:{first,last,next,prev}, data, meta:{pagination:{page,pages,count}}}`; next is "" on the last page. A
 * page past the last is refused as Django REST framework's PageNumberPagination does: 404 "Invalid page.".
 */
export function paginated(
  request: Request,
  items: readonly Resource[],
  defaultPageSize = 100,
  extra: Record<string, unknown> = {},
): Response {
  const url = new URL(request.url);
  const pageSize = Math.min(intParam(url, 'page_size', defaultPageSize), maxPageSize());
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const page = intParam(url, 'page', 1);
  if (page > pages) return errorResponse('jsonapi', 404, 'Invalid page.', { code: 'not_found' });
  const data = items.slice((page - 1) * pageSize, page * pageSize);
  return json({
    links: {
      first: pageUrl(url, 1),
      last: pageUrl(url, pages),
      next: page < pages ? pageUrl(url, page + 1) : '',
      prev: page > 1 ? pageUrl(url, page - 1) : '',
    },
    data,
    meta: { pagination: { page, pages, count: items.length } },
    ...extra,
  });
}

/** OBMCP_MOCK_OPENBRIDGE_PAGE_SIZE caps every page (tests prove lists are read to the end); default 1000. */
export function maxPageSize(): number {
  const raw = Number(process.env.OBMCP_MOCK_OPENBRIDGE_PAGE_SIZE);
  return Number.isInteger(raw) && raw > 0 ? raw : 1000;
}

/** The parsed JSON body (undefined when it is not JSON). */
export async function readBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}
