// The file a synthesised download redirect points to: a gzipped empty JSON array, like an empty report.
import { gzipSync } from 'node:zlib';
import { HttpResponse, http, type RequestHandler } from 'msw';

/** Serves `<base>/<operationId>` for the catch-all's redirect-only operations. */
export function redirectTarget(base: string): RequestHandler {
  return http.get(
    `${base}/:operationId`,
    () =>
      new HttpResponse(gzipSync(Buffer.from('[]')), {
        status: 200,
        headers: { 'content-type': 'application/octet-stream' },
      }),
  );
}
