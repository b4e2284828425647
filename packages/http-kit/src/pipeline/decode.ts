// A 2xx answer → the exchange's body: parsed JSON (undefined when empty), or bytes; anything else is unreadable.
import { UpstreamTransportError } from '@obmcp/contract';
import type { UpstreamResponse } from '../types.js';

export function decodeSuccess(
  res: UpstreamResponse,
  service: string,
  /** 'json' when undefined. */
  responseType: 'json' | 'bytes' | undefined,
): unknown {
  if (responseType === 'bytes') return res.bytes;
  if (res.status === 204 || res.bytes.byteLength === 0) return undefined;
  if (!res.isJson) {
    // A split with a limit of 1 always returns one element: the media type before any parameter.
    const type = (res.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().slice(0, 60) || 'none';
    throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
      summary: `${service} answered HTTP ${res.status} with ${type} instead of JSON.`,
      details: [
        {
          path: '',
          issue: `expected a JSON body, got content-type ${type}`,
          received_type: 'upstream_response',
          upstream_host: new URL(res.url).host,
        },
      ],
      hints: ['Transient gateway response; retry after a short wait.'],
    });
  }
  return res.json();
}
