// The pre-signed S3 objects Ads exports and snapshots are downloaded from: gzip JSON behind S3's refusals.
import { gzipSync } from 'node:zlib';
import { HttpResponse } from 'msw';
import { REPORT_FILE_HOST } from './hosts.js';
import { noSuchKey, s3Refusal } from './s3.js';

/** The pre-signed URL of a job file under `folder` (exports, snapshots). */
export function jobFileUrl(folder: string, id: string): string {
  return `${REPORT_FILE_HOST}/${folder}/${encodeURIComponent(id)}.json.gz?X-Amz-Signature=mock`;
}

/** The id a job file's name (`<id>.json.gz`, a path parameter msw has already decoded once) stands for. */
export const idOfFile = (file: string): string => file.replace(/\.json\.gz$/, '');

/** S3 answering a pre-signed GET of a job file: its refusals (s3.ts), NoSuchKey until the job is done, else the rows gzipped. */
export function s3Object(request: Request, rows: unknown[] | undefined): Response {
  const refused = s3Refusal(request);
  if (refused) return refused;
  if (rows === undefined) return noSuchKey();
  return new HttpResponse(gzipSync(Buffer.from(JSON.stringify(rows))), {
    status: 200,
    headers: { 'content-type': 'application/octet-stream' },
  });
}
