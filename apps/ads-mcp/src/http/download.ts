// Downloads: a pre-signed report file (no Ads credentials, no budget) and any downloaded file as a value, gunzipped within a bound.
import type { CallContext } from '@obmcp/contract';
import { decodeBody, type Pipeline } from '@obmcp/http-kit';
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

/** A downloaded file as a value: gunzipped within maxBytes, parsed when it is JSON, else its text. */
export async function fileContent(bytes: Uint8Array, maxBytes: number): Promise<unknown> {
  const text = new TextDecoder().decode(await decodeBody(bytes, { maxBytes }));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
