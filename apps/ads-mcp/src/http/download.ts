// Downloads a pre-signed report file through the pipeline (no Ads credentials, no budget), gunzips it within a size bound.
import type { CallContext } from '@obmcp/contract';
import { gunzipBounded, type Pipeline } from '@obmcp/http-kit';
import type { AdsConfig } from '../config.js';
import type { AdsErrorContext } from './upstream.js';

function looksGzipped(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

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
  return looksGzipped(res.bytes) ? gunzipBounded(res.bytes, config.reportMaxBytes) : res.bytes;
}
