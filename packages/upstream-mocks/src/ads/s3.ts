// S3 answering a pre-signed GET, as every Ads file download meets it: its XML errors and its auth refusals.
import { HttpResponse } from 'msw';

export function s3Error(status: number, code: string, message: string): Response {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  return new HttpResponse(xml, { status, headers: { 'content-type': 'application/xml' } });
}

/** No signature → 403; a second auth mechanism (an Authorization header next to the query's) → 400. */
export function s3Refusal(request: Request): Response | undefined {
  if (request.headers.has('authorization'))
    return s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed');
  if (!new URL(request.url).searchParams.has('X-Amz-Signature'))
    return s3Error(403, 'AccessDenied', 'Query-string authentication requires the Signature parameter');
  return undefined;
}

/** An object that is not there (the job's file is not written yet, or never was). */
export const noSuchKey = (): Response => s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
