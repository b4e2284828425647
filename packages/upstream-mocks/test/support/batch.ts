// Test support: every operation of a family through the mocks in one process, with a spec-valid
// request, then with a broken one and a wrong media type; the results, for the batch tests to judge.
import type { SpecFamily } from '@obmcp/upstream-specs';
import type { RequestHandler } from 'msw';
import { setFault } from '../../src/faults.js';
import { successMediaType } from '../../src/spec/index.js';
import { bodyOf } from '../../src/spec/parameters.js';
import { loadOperation, operationRoutes, type Operation, sampleRequest } from '../../src/spec/index.js';
import { ADS_BASE, authHeaders, call, handWrittenRoutes, SP_BASE } from './spec-calls.js';

export interface BatchFinding {
  operation: string;
  problem: string;
}

export interface BatchResult {
  /** Operations of the family (all shards). */
  total: number;
  /** Operations this run checked (its shard). */
  operations: number;
  /** Their names (`<api> <operationId>`). */
  covered: string[];
  /** Long-tail operations whose spec-valid request did not get a schema-valid success. */
  tail: BatchFinding[];
  /** Hand-written operations that answered a spec-valid request with a 5xx or threw. */
  handWritten: BatchFinding[];
  /** Operations whose request with an undeclared query parameter did not get a faithful 400. */
  invalid: BatchFinding[];
  /** Operations whose wrong Content-Type / Accept did not get a 415 (or a declared 406). */
  media: BatchFinding[];
  /** Sampled operations a fault scenario did not reach. */
  faults: BatchFinding[];
  mediaChecked: number;
}

const name = (op: Operation) => `${op.api} ${op.operationId}`;

/** A part of the family's operations: those at positions i with i % of === index (the parts partition them). */
export interface BatchShard {
  index: number;
  of: number;
}

export async function runBatch(
  family: SpecFamily,
  handWritten: RequestHandler[],
  shard: BatchShard = { index: 0, of: 1 },
): Promise<BatchResult> {
  const base = family === 'sp-api' ? SP_BASE : ADS_BASE;
  const own = new Set(handWrittenRoutes(handWritten, family).map((r) => `${r.method} ${r.path}`));
  const routes = operationRoutes(family);
  const result: BatchResult = {
    total: routes.length,
    operations: 0,
    covered: [],
    tail: [],
    handWritten: [],
    invalid: [],
    media: [],
    faults: [],
    mediaChecked: 0,
  };
  for (const [i, route] of routes.entries()) {
    if (i % shard.of !== shard.index) continue;
    result.operations += 1;
    const op = await loadOperation(route);
    result.covered.push(name(op));
    const isOwn = own.has(`${route.method} ${route.path}`);
    try {
      const valid = await call(op);
      if (isOwn) {
        if (valid.status >= 500)
          result.handWritten.push({ operation: name(op), problem: `status ${valid.status}` });
      } else if (valid.status >= 400 || valid.problems.length > 0) {
        result.tail.push({
          operation: name(op),
          problem: `${valid.status} ${valid.problems.join(' | ')} ${JSON.stringify(valid.body ?? '').slice(0, 200)}`,
        });
      }

      // An undeclared query parameter: the spec layer answers the API's 400 before any handler.
      const url = new URL(valid.request.url);
      url.searchParams.set('zz_not_declared', '1');
      const broken = await call(op, new Request(url, valid.request.clone()));
      if (broken.status !== 400)
        result.invalid.push({ operation: name(op), problem: `status ${broken.status}` });
      else if (broken.problems.length > 0 && !broken.problems[0]?.includes('is not declared by'))
        result.invalid.push({ operation: name(op), problem: broken.problems.join(' | ') });

      if (family === 'amazon-ads') {
        // Copied as entries: under msw, `new Headers(someHeaders)` copies the raw headers @mswjs/interceptors
        // recorded, and a Request whose body made the constructor append Content-Type (a FormData sample) has
        // recorded only that one, so the copy would drop Authorization and answer 401 instead of 415.
        const wrong = new Headers([...valid.request.headers]);
        if (bodyOf(op)) wrong.set('content-type', 'text/plain');
        else if (successMediaType(op)) wrong.set('accept', 'application/x-not-declared');
        else continue;
        result.mediaChecked += 1;
        const res = await call(
          op,
          new Request(valid.request.url, {
            method: valid.request.method,
            headers: wrong,
            body: valid.request.method === 'GET' ? null : await valid.request.clone().text(),
          }),
        );
        if (res.status !== 415 && res.status !== 406)
          result.media.push({ operation: name(op), problem: `status ${res.status}` });
      }

      if (i % 20 === 0) {
        setFault('api', 'http_500');
        try {
          const faulted = await call(op, sampleRequest(op, { base, headers: authHeaders(family) }));
          if (faulted.status !== 500)
            result.faults.push({ operation: name(op), problem: `status ${faulted.status}` });
        } finally {
          setFault('api', undefined);
        }
      }
    } catch (error) {
      (isOwn ? result.handWritten : result.tail).push({
        operation: name(op),
        problem: `threw ${(error as Error).message}`,
      });
    }
  }
  return result;
}
