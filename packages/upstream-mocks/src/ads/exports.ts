// Sponsored ads exports (ExportsSnapshots.json): an export remembers the media type it was created in, and
// GET /exports/{exportId} must ask for that type (the spec declares a 406; Amazon's exports guide asks for
// the export's own type). PROCESSING on the first poll, COMPLETED with a download URL after.
import { http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard } from './guard.js';
import { ADS_HOSTS, REPORT_FILE_HOST, regionOfUrl } from './hosts.js';
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

function view(record: ExportRecord): Record<string, unknown> {
  if (record.polls < 1)
    return { exportId: record.exportId, status: 'PROCESSING', createdAt: record.createdAt };
  return {
    exportId: record.exportId,
    status: 'COMPLETED',
    createdAt: record.createdAt,
    generatedAt: record.createdAt,
    fileSize: 1024,
    url: `${REPORT_FILE_HOST}/exports/${record.exportId}.json.gz?X-Amz-Signature=mock`,
    urlExpiresAt: '2099-01-01T00:00:00Z',
  };
}

export const exportHandlers: RequestHandler[] = Object.values(ADS_HOSTS).flatMap((host) => [
  ...Object.entries(KINDS).map(([kind, media]) =>
    http.post(
      `${host}/${kind}/export`,
      withFault('api', renderAdsFault, ({ request }) => {
        const rejected = scoped(request, { contentType: media, accept: media });
        if (rejected) return rejected;
        const exportId = crypto.randomUUID();
        const record: ExportRecord = { exportId, media, polls: 0, createdAt: new Date().toISOString() };
        exportsById.set(exportId, record);
        return adsJson(view(record), 202, media);
      }),
    ),
  ),
  http.get(
    `${host}/exports/:exportId`,
    withFault('api', renderAdsFault, ({ request, params }) => {
      const record = exportsById.get(decodeURIComponent(String(params.exportId)));
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
      const answer = view(record);
      record.polls += 1;
      return adsJson(answer, 200, record.media);
    }),
  ),
]);
