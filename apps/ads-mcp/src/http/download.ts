// Downloads: a pre-signed file (report, AMC result, export; no Ads credentials, no budget) on a declared storage host, and any downloaded file as a value, gunzipped within a bound.
import { type CallContext, UpstreamTransportError } from '@obmcp/contract';
import {
  assertAnsweredUrl,
  decodeBody,
  isJsonContentType,
  type Pipeline,
  type RedirectHosts,
} from '@obmcp/http-kit';
import type { Config } from '../config.js';
import { type AdsErrorContext, DOWNLOAD, type StoredFile } from './upstream.js';

/** The limiter-free exchange's name per file kind (logs and `_meta`). */
const OPERATION: Readonly<Record<StoredFile, string>> = {
  report: 'downloadReportFile',
  amc_result: 'downloadAmcResultFile',
  export: 'downloadExportFile',
};

/**
 * A pre-signed URL from an Ads answer is fetched only over https and only on a host the server declares for
 * its upstream (`adsRedirectHosts`: the API hosts and `*.amazonaws.com` storage), the rule redirects follow
 * too: an answer never sends the server to an arbitrary host. The URL itself (its signature) is never echoed.
 */
function checkStorageUrl(url: string, hosts: RedirectHosts, kind: StoredFile): void {
  assertAnsweredUrl(url, hosts, {
    storage: 'Amazon Ads storage',
    summary: `Amazon Ads answered with a ${DOWNLOAD[kind].file} download URL this server does not fetch.`,
    hint: 'Nothing was downloaded. If ADS_API_ENDPOINT is a proxy you configured, check the URLs it answers with.',
  });
}

export async function downloadStoredFile(
  pipeline: Pipeline<AdsErrorContext>,
  config: Config,
  hosts: RedirectHosts,
  url: string,
  kind: StoredFile,
  call: CallContext,
): Promise<Uint8Array> {
  checkStorageUrl(url, hosts, kind);
  const res = await pipeline.exchange({
    operation: OPERATION[kind],
    method: 'GET',
    path: url,
    accept: '*/*',
    auth: false,
    limitScope: false,
    responseType: 'bytes',
    maxBodyBytes: config.reportMaxBytes,
    signal: call.signal,
    context: { tool: call.tool, profileId: undefined, download: kind },
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
  // No content type reads as 'null': neither an HTML page nor JSON. split() always answers a first part.
  const type = (String(contentType).split(';', 1)[0] as string).trim().toLowerCase();
  if (type === 'text/html') throw unreadableFile('expected a file, got an HTML page');
  const text = new TextDecoder().decode(await decodeBody(bytes, { maxBytes }));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (isJsonContentType(type)) throw unreadableFile('a body labelled JSON did not parse');
    return text;
  }
}
