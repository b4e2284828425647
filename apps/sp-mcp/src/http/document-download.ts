// Downloads a presigned report document (no SP token sent) and decompresses it within a byte bound.
import { type CallContext, UpstreamHttpError } from '@obmcp/contract';
import { decodeBody, type Fetcher } from '@obmcp/http-kit';

export interface DownloadedDocument {
  bytes: Uint8Array;
  contentType: string | undefined;
}

export async function downloadDocument(
  fetcher: Fetcher,
  url: string,
  compression: 'GZIP' | undefined,
  maxBytes: number,
  call: CallContext,
): Promise<DownloadedDocument> {
  const res = await fetcher.send({ method: 'GET', url, maxBodyBytes: maxBytes, signal: call.signal });
  if (!res.ok) {
    throw new UpstreamHttpError(res.status, {
      service: 'SP-API document storage',
      summary: `Report document download failed with HTTP ${res.status}.`,
      details: [
        { path: '', issue: `document URL returned HTTP ${res.status}`, received_type: 'upstream_error' },
      ],
      hints: [
        'Presigned document URLs expire after 5 minutes; call get_report_document again for a fresh URL.',
      ],
    });
  }
  const bytes = await decodeBody(res.bytes, { compression: compression ?? 'AUTO', maxBytes });
  return { bytes, contentType: res.headers.get('content-type') ?? undefined };
}

/** Uploads feed content to a presigned URL from createFeedDocument (no SP token sent). */
export async function uploadDocument(
  fetcher: Fetcher,
  url: string,
  contentType: string,
  content: string,
  call: CallContext,
): Promise<void> {
  const res = await fetcher.send({
    method: 'PUT',
    url,
    headers: { 'content-type': contentType },
    body: content,
    signal: call.signal,
  });
  if (!res.ok) {
    throw new UpstreamHttpError(res.status, {
      service: 'SP-API document storage',
      summary: `Feed document upload failed with HTTP ${res.status}.`,
      details: [
        { path: 'content', issue: `upload URL returned HTTP ${res.status}`, received_type: 'upstream_error' },
      ],
      hints: ['Presigned upload URLs expire after 5 minutes; create a new feed document and upload again.'],
    });
  }
}
