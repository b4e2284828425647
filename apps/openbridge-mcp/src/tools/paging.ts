// Reads a paginated JSON:API list to its last page (links.next), bounded; a list cut by the bound says so.
import { UpstreamHttpError } from '@obmcp/contract';
import type { CallContext } from '@obmcp/contract';
import type { Send } from '../operations/bind.js';
import { type Page, page } from './shape.js';

type Obj = Record<string, unknown>;

export interface AllPages {
  items: Obj[];
  /** Every page body as received (for top-level members such as `included`). */
  bodies: unknown[];
  /** True when `maxPages` pages were read and the API still announced a next page. */
  truncated: boolean;
  pages_read: number;
}

export interface ListRequest {
  /** The list operation's own arguments (path and query), without page and page_size. */
  args?: Readonly<Record<string, unknown>>;
  resource?: string;
  pageSize?: number;
  maxPages: number;
}

/** `send` is the tool's declared list operation (operations/bind.ts). */
export async function readAllPages(send: Send, call: CallContext, req: ListRequest): Promise<AllPages> {
  const items: Obj[] = [];
  const bodies: unknown[] = [];
  for (let p = 1; p <= req.maxPages; p++) {
    const body = await send(
      { ...req.args, page: p, ...(req.pageSize ? { page_size: req.pageSize } : {}) },
      call,
      req.resource ? { resource: req.resource } : {},
    );
    bodies.push(body);
    const result = page(body);
    items.push(...result.items);
    if (!result.pagination.has_next) return { items, bodies, truncated: false, pages_read: p };
  }
  return { items, bodies, truncated: true, pages_read: req.maxPages };
}

/** A page asked for past the list's end: an empty page that says so (and never the last page relabelled). */
function pastEnd(
  requested: number,
  count: number | undefined,
  pages: number | undefined,
): Page & { past_end: true } {
  return {
    items: [],
    pagination: {
      page: requested,
      ...(pages === undefined ? {} : { pages }),
      ...(count === undefined ? {} : { count }),
      has_next: false,
    },
    past_end: true,
  };
}

/**
 * One page of a list handed back a page at a time (get_jobs, get_healthchecks), read by `parse`. A page past the
 * end comes back empty with `past_end: true`, whether the API refuses it as DRF does (404 "Invalid page.") or
 * answers another page in its place (its meta.pagination.page is not the page asked for).
 */
export async function readOnePage(
  read: () => Promise<unknown>,
  requested: number,
  parse: (body: unknown) => Page = page,
): Promise<Page & { past_end: boolean }> {
  let body: unknown;
  try {
    body = await read();
  } catch (error) {
    const invalidPage =
      error instanceof UpstreamHttpError &&
      error.status === 404 &&
      requested > 1 &&
      error.details.some((d) => /invalid page/i.test(d.issue));
    if (invalidPage) return pastEnd(requested, undefined, undefined);
    throw error;
  }
  const result = parse(body);
  const answered = result.pagination.page;
  if (answered !== undefined && answered !== requested)
    return pastEnd(requested, result.pagination.count, result.pagination.pages);
  return { ...result, past_end: false };
}
