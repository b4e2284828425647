// Wraps an msw resolver so the active fault scenario is rendered the way that API renders it.
import { appendFileSync } from 'node:fs';
import { delay, HttpResponse, type HttpResponseResolver } from 'msw';
import { activeFault, type FaultChannel, httpFaultOf } from './faults.js';

/** Renders an HTTP error the API's own way (body shape, headers). */
export type HttpFaultRenderer = (
  status: number,
  retryAfter: string | undefined,
  request: Request,
) => Response;

const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head>' +
  '<body><h1>Service Temporarily Unavailable</h1><p>The server is down for maintenance.</p></body></html>';

// biome-ignore lint/suspicious/noExplicitAny: msw resolver generics are variance-hostile
type AnyResolver = HttpResponseResolver<any, any, any>;

/** A copy of `res` with one more Warning header (RFC 7234 §5.5). */
function withWarning(res: Response, warning: string): Response {
  const headers = new Headers(res.headers);
  headers.append('warning', warning);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * Test observability of the API channel: OBMCP_MOCK_REQUEST_LOG=<file> appends `METHOD host/path` per
 * request that reached the mock upstream (tests count them); OBMCP_MOCK_WARNING=1 adds a Warning header
 * to every answer, faults included (so a retried call sees the same warning on each attempt).
 */
export function withFault(
  channel: FaultChannel,
  render: HttpFaultRenderer,
  resolver: AnyResolver,
): AnyResolver {
  const faulted = faultedResolver(channel, render, resolver);
  if (channel !== 'api') return faulted;
  return async (info) => {
    const log = process.env.OBMCP_MOCK_REQUEST_LOG;
    if (log) {
      const url = new URL(info.request.url);
      appendFileSync(log, `${info.request.method} ${url.host}${url.pathname}\n`);
    }
    const res = await faulted(info);
    return process.env.OBMCP_MOCK_WARNING === '1' && res instanceof Response
      ? withWarning(res, '199 - "mock upstream warning"')
      : res;
  };
}

function faultedResolver(
  channel: FaultChannel,
  render: HttpFaultRenderer,
  resolver: AnyResolver,
): AnyResolver {
  return async (info) => {
    // OBMCP_MOCK_LATENCY_MS: every API answer waits this long (a real upstream's round trip, for bench/).
    const latency = channel === 'api' ? Number(process.env.OBMCP_MOCK_LATENCY_MS ?? 0) : 0;
    if (latency > 0) await delay(latency);
    const scenario = activeFault(channel);
    if (scenario === undefined) return resolver(info);
    const http = httpFaultOf(scenario);
    if (http) return render(http.status, http.retryAfter, info.request);
    switch (scenario) {
      case 'html_200':
        return new HttpResponse(HTML_PAGE, {
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      case 'truncated_json':
        return new HttpResponse('{"payload":{"items":[{"id":"1","name":"tru', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      case 'timeout':
        await delay('infinite');
        return HttpResponse.error();
      case 'reset':
        return HttpResponse.error();
      case 'warning_header': {
        const res = await resolver(info);
        return res instanceof Response ? withWarning(res, '199 - "cached response"') : res;
      }
      default:
        return resolver(info);
    }
  };
}
