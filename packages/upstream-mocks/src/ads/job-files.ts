// The pre-signed S3 objects Ads exports and snapshots are downloaded from: gzip JSON, S3's own refusals.
import { gzipSync } from 'node:zlib';
import { HttpResponse } from 'msw';
import { REPORT_FILE_HOST } from './hosts.js';

/** The pre-signed URL of a job file under `folder` (exports, snapshots). */
export function jobFileUrl(folder: string, id: string): string {
  return `${REPORT_FILE_HOST}/${folder}/${encodeURIComponent(id)}.json.gz?X-Amz-Signature=mock`;
}

/** The id a job file's name (`<id>.json.gz`) stands for. */
export const idOfFile = (file: string): string => decodeURIComponent(file.replace(/\.json\.gz$/, ''));

function s3Error(status: number, code: string, message: string): Response {
  return new HttpResponse(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    { status, headers: { 'content-type': 'application/xml' } },
  );
}

/**
 * S3 answering a pre-signed GET: the object gzipped, NoSuchKey for an unknown one, and InvalidArgument when
 * the request also carries an Authorization header (S3 allows one auth mechanism; the query is one).
 */
export function s3Object(request: Request, rows: unknown[] | undefined): Response {
  if (request.headers.get('authorization'))
    return s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed');
  if (rows === undefined) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
  return new HttpResponse(gzipSync(Buffer.from(JSON.stringify(rows))), {
    status: 200,
    headers: { 'content-type': 'application/octet-stream' },
  });
}
