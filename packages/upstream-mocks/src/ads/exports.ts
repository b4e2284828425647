// Sponsored ads exports (ExportsSnapshots.json): an export remembers the media type it was created in, and
// GET /exports/{exportId} must ask for that type (the spec declares a 406; Amazon's exports guide asks for
// the export's own type). PROCESSING, then COMPLETED with a pre-signed gzip JSON file (or FAILED with its
// error) on the job clock of job-progress.ts.
import { http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard, readJson } from './guard.js';
import { ADS_HOSTS, REPORT_FILE_HOST, regionOfUrl } from './hosts.js';
import { idOfFile, jobFileUrl, s3Object } from './job-files.js';
import { newJob, phaseOf, readJob } from './job-progress.js';
import { exportRows } from './job-rows.js';
import { scopesOf } from './profiles.js';
import { adsError, adsJson } from './respond.js';
import { type ExportRecord, exportsById } from './state.js';

/** Export path → the vendor media type its request, its answer and every poll of it use. */
const KINDS: Record<string, string> = {
  adGroups: 'application/vnd.adgroupsexport.v1+json',
  ads: 'application/vnd.adsexport.v1+json',
  campaigns: 'application/vnd.campaignsexport.v1+json',
  targets: 'application/vnd.targetsexport.v1+json',
};

const scoped = (request: Request, extra: Parameters<typeof guard>[1]) =>
  guard(request, { scope: true, ...extra }, scopesOf(regionOfUrl(request.url)));

/** The export as one status read shows it (the create answer counts no read). */
function view(record: ExportRecord, phase: 'running' | 'done' | 'failed'): Record<string, unknown> {
  const base = { exportId: record.exportId, createdAt: record.createdAt };
  if (phase === 'running') return { ...base, status: 'PROCESSING' };
  const generatedAt = new Date(record.job.createdMs + record.job.durationMs).toISOString();
  if (phase === 'failed')
    return {
      ...base,
      status: 'FAILED',
      generatedAt,
      error: { errorCode: 'TIMED_OUT', message: 'The export request has timed out.' },
    };
  return {
    ...base,
    status: 'COMPLETED',
    generatedAt,
    fileSize: 1024,
    url: jobFileUrl('exports', record.exportId),
    urlExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
  };
}

export const exportHandlers: RequestHandler[] = [
  ...Object.values(ADS_HOSTS).flatMap((host) => [
    ...Object.entries(KINDS).map(([kind, media]) =>
      http.post(
        `${host}/${kind}/export`,
        withFault('api', renderAdsFault, async ({ request }) => {
          const rejected = scoped(request, { contentType: media, accept: media });
          if (rejected) return rejected;
          const exportId = crypto.randomUUID();
          const record: ExportRecord = {
            exportId,
            kind,
            media,
            scope: request.headers.get('amazon-advertising-api-scope') ?? '',
            filters: (await readJson(request)) ?? {},
            job: newJob(),
            createdAt: new Date().toISOString(),
          };
          exportsById.set(exportId, record);
          return adsJson(view(record, 'running'), 202, media);
        }),
      ),
    ),
    http.get(
      `${host}/exports/:exportId`,
      withFault('api', renderAdsFault, ({ request, params }) => {
        const record = exportsById.get(String(params.exportId));
        // An export this mock did not create: the spec catch-all answers it.
        if (!record) return undefined;
        const rejected = scoped(request, {});
        if (rejected) return rejected;
        const accept = (request.headers.get('accept') ?? 'application/json')
          .split(';')[0]
          ?.trim()
          .toLowerCase();
        if (accept !== record.media)
          return adsError(
            406,
            'NOT_ACCEPTABLE',
            `Accept must be ${record.media}, the type this export was created with`,
          );
        return adsJson(view(record, readJob(record.job)), 200, record.media);
      }),
    ),
  ]),
  // The pre-signed file a COMPLETED export's url names.
  http.get(`${REPORT_FILE_HOST}/exports/:file`, ({ request, params }) => {
    const record = exportsById.get(idOfFile(String(params.file)));
    const ready = record !== undefined && phaseOf(record.job) === 'done';
    return s3Object(request, ready ? exportRows(record.kind, record.scope, record.filters) : undefined);
  }),
];
