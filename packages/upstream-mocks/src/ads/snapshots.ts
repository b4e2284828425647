// v2 snapshots (SPSnapshotsSuggestedKeywords.json, SponsoredDisplay.json): request → IN_PROGRESS → SUCCESS with
// a `location` (the API's own download path), whose GET answers a 307 to the pre-signed gzip JSON file; or
// FAILURE with statusDetails. Progress follows the job clock of job-progress.ts.
import { HttpResponse, http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard, readJson } from './guard.js';
import { ADS_HOSTS, REPORT_FILE_HOST, regionOfUrl } from './hosts.js';
import { idOfFile, jobFileUrl, s3Object } from './job-files.js';
import { newJob, phaseOf, readJob } from './job-progress.js';
import { snapshotRows } from './job-rows.js';
import { scopesOf } from './profiles.js';
import { adsError, adsJson, requestId } from './respond.js';
import { type SnapshotRecord, snapshotsById } from './state.js';

/** Each product's snapshot paths below the host, and the record types it snapshots. */
const PRODUCTS = {
  sp: {
    base: '/v2/sp',
    // The spec's recordType enum.
    recordTypes: [
      'campaigns',
      'adGroups',
      'keywords',
      'negativeKeywords',
      'campaignNegativeKeywords',
      'productAds',
      'targets',
      'negativeTargets',
    ],
    // getSnapshotStatus answers 200, SD's getSnapshot 202 (as each spec declares).
    statusCode: 200,
  },
  sd: {
    base: '/sd',
    // The spec leaves recordType an open string (no values documented): any is accepted, an entity type the
    // mock does not hold snapshots as an empty file.
    recordTypes: undefined,
    statusCode: 202,
  },
} as const;

const scoped = (request: Request) => guard(request, { scope: true }, scopesOf(regionOfUrl(request.url)));

let serial = 0;
/** An id in the shape Amazon's snapshot ids have (`amzn1.clicksAPI.v1.p<n>.<hex>.<uuid>`). */
function snapshotIdOf(): string {
  serial += 1;
  return `amzn1.clicksAPI.v1.p${serial}.${Date.now().toString(16).slice(-8).toUpperCase()}.${crypto.randomUUID()}`;
}

function view(record: SnapshotRecord, phase: 'running' | 'done' | 'failed', host: string) {
  const base = { snapshotId: record.snapshotId, recordType: record.recordType };
  if (phase === 'running') return { ...base, status: 'IN_PROGRESS' };
  if (phase === 'failed')
    return { ...base, status: 'FAILURE', statusDetails: 'Snapshot generation failed. Please try again.' };
  const generated = record.job.createdMs + record.job.durationMs;
  return {
    ...base,
    status: 'SUCCESS',
    statusDetails: 'Snapshot has been successfully generated.',
    location: `${host}${PRODUCTS[record.product].base}/snapshots/${encodeURIComponent(record.snapshotId)}/download`,
    fileSize: 1024,
    // "each snapshot file will be expired in 30 mins after generated" (SD SnapshotResponse.expiration).
    expiration: generated + 30 * 60_000,
  };
}

function handlersFor(host: string, product: keyof typeof PRODUCTS): RequestHandler[] {
  const { base, recordTypes, statusCode } = PRODUCTS[product];
  const known = (request: Request, id: unknown): SnapshotRecord | undefined => {
    const record = snapshotsById.get(String(id));
    return record?.product === product &&
      record.scope === (request.headers.get('amazon-advertising-api-scope') ?? '')
      ? record
      : undefined;
  };
  const notReady = (id: unknown) =>
    adsError(404, 'NOT_FOUND', `Snapshot ${String(id)} is not available for download.`);
  return [
    http.post(
      `${host}${base}/:recordType/snapshot`,
      withFault('api', renderAdsFault, async ({ request, params }) => {
        const rejected = scoped(request);
        if (rejected) return rejected;
        const recordType = String(params.recordType);
        if (recordTypes !== undefined && !(recordTypes as readonly string[]).includes(recordType))
          return adsError(400, 'INVALID_ARGUMENT', `Invalid record type: ${recordType}`);
        const record: SnapshotRecord = {
          snapshotId: snapshotIdOf(),
          product,
          recordType,
          scope: request.headers.get('amazon-advertising-api-scope') ?? '',
          body: (await readJson(request)) ?? {},
          job: newJob(),
        };
        snapshotsById.set(record.snapshotId, record);
        return adsJson(view(record, 'running', host), 202);
      }),
    ),
    http.get(
      `${host}${base}/snapshots/:snapshotId`,
      withFault('api', renderAdsFault, ({ request, params }) => {
        const rejected = scoped(request);
        if (rejected) return rejected;
        const record = known(request, params.snapshotId);
        // A snapshot this mock did not create: the spec catch-all answers it.
        if (!record) return undefined;
        return adsJson(view(record, readJob(record.job), host), statusCode);
      }),
    ),
    http.get(
      `${host}${base}/snapshots/:snapshotId/download`,
      withFault('api', renderAdsFault, ({ request, params }) => {
        const rejected = scoped(request);
        if (rejected) return rejected;
        const record = known(request, params.snapshotId);
        if (!record) return undefined;
        if (phaseOf(record.job) !== 'done') return notReady(params.snapshotId);
        return new HttpResponse(null, {
          status: 307,
          headers: { location: jobFileUrl('snapshots', record.snapshotId), 'x-amzn-RequestId': requestId() },
        });
      }),
    ),
  ];
}

export const snapshotHandlers: RequestHandler[] = [
  ...Object.values(ADS_HOSTS).flatMap((host) => [...handlersFor(host, 'sp'), ...handlersFor(host, 'sd')]),
  // The pre-signed file a download redirects to.
  http.get(`${REPORT_FILE_HOST}/snapshots/:file`, ({ request, params }) => {
    const record = snapshotsById.get(idOfFile(String(params.file)));
    const ready = record !== undefined && phaseOf(record.job) === 'done';
    return s3Object(
      request,
      ready ? snapshotRows(record.product, record.recordType, record.scope, record.body) : undefined,
    );
  }),
];
