// Reads a paginated JSON:API list to its last page (links.next), bounded; a list cut by the bound says so.
import type { QueryValue } from '@obmcp/http-kit';
import type { CallScope, OpenbridgeClient } from '../http/client.js';
import type { OperationName } from '../http/operations.js';
import { page } from './shape.js';

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
  operation: OperationName;
  params?: Readonly<Record<string, string | number>>;
  query?: Record<string, QueryValue>;
  resource?: string;
  pageSize?: number;
  maxPages: number;
}

export async function readAllPages(
  client: OpenbridgeClient,
  call: CallScope,
  req: ListRequest,
): Promise<AllPages> {
  const items: Obj[] = [];
  const bodies: unknown[] = [];
  for (let p = 1; p <= req.maxPages; p++) {
    const body = await client.call(
      {
        operation: req.operation,
        ...(req.params ? { params: req.params } : {}),
        query: { ...req.query, page: p, ...(req.pageSize ? { page_size: req.pageSize } : {}) },
        ...(req.resource ? { resource: req.resource } : {}),
      },
      call,
    );
    bodies.push(body);
    const result = page(body);
    items.push(...result.items);
    if (!result.pagination.has_next) return { items, bodies, truncated: false, pages_read: p };
  }
  return { items, bodies, truncated: true, pages_read: req.maxPages };
}
