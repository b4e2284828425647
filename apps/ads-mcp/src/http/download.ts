// Downloads: a pre-signed report file (no Ads credentials, no budget) and any downloaded file as a value, gunzipped within a bound.
import { type CallContext, UpstreamTransportError } from '@obmcp/contract';
import { decodeBody, isJsonContentType, type Pipeline } from '@obmcp/http-kit';
import type { AdsConfig } from '../config.js';
import type { AdsErrorContext } from './upstream.js';

export async function downloadReportFile(
  pipeline: Pipeline<AdsErrorContext>,
  config: AdsConfig,
  url: string,
  call: CallContext,
): Promise<Uint8Array> {
  const res = await pipeline.exchange({
    operation: 'downloadReportFile',
    method: 'GET',
    path: url,
    accept: '*/*',
    auth: false,
    limitScope: false,
    responseType: 'bytes',
    maxBodyBytes: config.reportMaxBytes,
    signal: call.signal,
    context: { tool: call.tool, profileId: undefined, download: true },
  });
  return decodeBody(res.bytes, { maxBytes: config.reportMaxBytes });
}

function unreadableFile(issue: string): UpstreamTransportError {
  return new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
    summary: 'The downloaded file could not be read.',
    details: [{ path: '', issue, received_type: 'upstream_response' }],
    hints: ['Transient gateway response; retry after a short wait.'],
  });
}

/**
 * A downloaded file as a value: gunzipped within maxBytes; parsed when it is JSON (a body labelled JSON must
 * parse); any other file as its text. An HTML page is a gateway's error page, never the file.
 */
export async function fileContent(
  bytes: Uint8Array,
  contentType: string | null,
  maxBytes: number,
): Promise<unknown> {
  const type = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/html') throw unreadableFile('expected a file, got an HTML page');
  const text = new TextDecoder().decode(await decodeBody(bytes, { maxBytes }));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (isJsonContentType(type)) throw unreadableFile('a body labelled JSON did not parse');
    return text;
  }
}
