// Downloads a pre-signed report file (no Ads credentials sent), gunzips it within a size bound.
import { type CallContext, UpstreamHttpError } from '@obmcp/contract';
import { defaultShouldRetry, type Fetcher, gunzipBounded, withRetry } from '@obmcp/http-kit';
import type { AdsConfig } from '../config.js';

function looksGzipped(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export async function downloadReportFile(
  fetcher: Fetcher,
  config: AdsConfig,
  url: string,
  call: CallContext,
): Promise<Uint8Array> {
  const res = await withRetry(
    async () => {
      const r = await fetcher.send({
        method: 'GET',
        url,
        maxBodyBytes: config.reportMaxBytes,
        signal: call.signal,
      });
      if (!r.ok) {
        throw new UpstreamHttpError(r.status, {
          service: 'Amazon Ads report storage',
          details: [
            {
              path: '',
              issue: `report file download failed with HTTP ${r.status}`,
              received_type: 'upstream_error',
            },
          ],
          hints: [
            'The pre-signed report URL may have expired: call get_report again for a fresh url, then download_report.',
          ],
        });
      }
      return r;
    },
    {
      maxAttempts: config.maxAttempts,
      ...config.retryDelays,
      maxTotalMs: config.retryBudgetMs,
      signal: call.signal,
      shouldRetry: defaultShouldRetry,
    },
  );
  return looksGzipped(res.bytes) ? gunzipBounded(res.bytes, config.reportMaxBytes) : res.bytes;
}
