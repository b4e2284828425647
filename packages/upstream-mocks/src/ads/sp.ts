// Sponsored Products v3: list (POST …/list), create (POST) and update (PUT) with 207 multi-status.
import { http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard, readJson } from './guard.js';
import { ADS_HOSTS, regionOfUrl } from './hosts.js';
import { scopesOf } from './profiles.js';
import { adsJson, adsThrottled, mutationError, spError } from './respond.js';
import { newId, type Row, type SpEntities, spEntities } from './state.js';

interface Resource {
  path: string;
  key: keyof SpEntities;
  idField: string;
  media: string;
  idFilters: Record<string, string>;
}

const RESOURCES: Resource[] = [
  {
    path: 'campaigns',
    key: 'campaigns',
    idField: 'campaignId',
    media: 'application/vnd.spCampaign.v3+json',
    idFilters: { campaignIdFilter: 'campaignId', portfolioIdFilter: 'portfolioId' },
  },
  {
    path: 'adGroups',
    key: 'adGroups',
    idField: 'adGroupId',
    media: 'application/vnd.spAdGroup.v3+json',
    idFilters: { campaignIdFilter: 'campaignId', adGroupIdFilter: 'adGroupId' },
  },
  {
    path: 'keywords',
    key: 'keywords',
    idField: 'keywordId',
    media: 'application/vnd.spKeyword.v3+json',
    idFilters: { campaignIdFilter: 'campaignId', adGroupIdFilter: 'adGroupId', keywordIdFilter: 'keywordId' },
  },
  {
    path: 'productAds',
    key: 'productAds',
    idField: 'adId',
    media: 'application/vnd.spProductAd.v3+json',
    idFilters: { campaignIdFilter: 'campaignId', adGroupIdFilter: 'adGroupId', adIdFilter: 'adId' },
  },
  {
    path: 'negativeKeywords',
    key: 'negativeKeywords',
    idField: 'keywordId',
    media: 'application/vnd.spNegativeKeyword.v3+json',
    idFilters: {
      campaignIdFilter: 'campaignId',
      adGroupIdFilter: 'adGroupId',
      negativeKeywordIdFilter: 'keywordId',
    },
  },
];

function includeOf(filter: unknown): string[] | undefined {
  if (!filter || typeof filter !== 'object') return undefined;
  const include = (filter as { include?: unknown }).include;
  return Array.isArray(include) ? include.map(String) : undefined;
}

function filterRows(rows: Row[], body: Row, res: Resource): Row[] {
  let out = rows;
  for (const [filter, field] of Object.entries(res.idFilters)) {
    const ids = includeOf(body[filter]);
    if (ids) out = out.filter((r) => ids.includes(String(r[field])));
  }
  const states = includeOf(body.stateFilter);
  if (states) out = out.filter((r) => states.includes(String(r.state)));
  const names = includeOf(body.nameFilter);
  if (names)
    out = out.filter((r) => names.some((n) => String(r.name).toLowerCase().includes(n.toLowerCase())));
  if (Array.isArray(body.matchTypeFilter)) {
    const types = body.matchTypeFilter.map(String);
    out = out.filter((r) => types.includes(String(r.matchType)));
  }
  return out;
}

function list(res: Resource): RequestHandler[] {
  return Object.values(ADS_HOSTS).map((host) =>
    http.post(
      `${host}/sp/${res.path}/list`,
      withFault('api', renderAdsFault, async ({ request }) => {
        const rejected = guard(
          request,
          { scope: true, contentType: res.media, accept: res.media, spErrors: true },
          scopesOf(regionOfUrl(request.url)),
        );
        if (rejected) return rejected;
        const body = (await readJson(request)) ?? {};
        // Test trigger: a decimal Retry-After on a throttled list call.
        if (includeOf(body.nameFilter)?.includes('THROTTLE_DECIMAL'))
          return adsThrottled('1.5', { code: 'THROTTLED', message: 'Too Many Requests' });
        const scope = request.headers.get('amazon-advertising-api-scope') ?? '';
        const all = filterRows(spEntities(scope)[res.key], body, res);
        const max = typeof body.maxResults === 'number' ? body.maxResults : 1000;
        if (max < 1 || max > 1000) {
          return spError(400, 'INVALID_ARGUMENT', 'Invalid request: maxResults is out of range.', [
            mutationError('rangeError', 'TOO_LOW', 'maxResults must be between 1 and 1000', '$.maxResults'),
          ]);
        }
        const start =
          typeof body.nextToken === 'string'
            ? Number(Buffer.from(body.nextToken, 'base64url').toString()) || 0
            : 0;
        const page = all.slice(start, start + max);
        const out: Row = { [res.key]: page, totalResults: all.length };
        if (start + max < all.length) out.nextToken = Buffer.from(String(start + max)).toString('base64url');
        return adsJson(out, 200, res.media);
      }),
    ),
  );
}

/** The spec's create/update state enum (SponsoredProductsCreateOrUpdateEntityState). */
const WRITE_STATES = ['ENABLED', 'PAUSED', 'PROPOSED'];

/** Schema-level rejection of a whole write request, as SP v3 answers it: 400 with errors[]. */
function invalidWrite(body: Row | undefined): Response | undefined {
  if (!body || !Array.isArray(body.campaigns)) {
    return spError(400, 'INVALID_ARGUMENT', 'Invalid request: campaigns is required.', [
      mutationError('missingValueError', 'MISSING_VALUE', 'campaigns is required', '$.campaigns'),
    ]);
  }
  const errors = (body.campaigns as Row[]).flatMap((item, index) =>
    item.state !== undefined && !WRITE_STATES.includes(String(item.state))
      ? [
          mutationError(
            'malformedValueError',
            'PATTERN_NOT_MATCHED',
            `state must be one of ${WRITE_STATES.join(', ')}`,
            `$.campaigns[${index}].state`,
            { fragment: String(item.state) },
          ),
        ]
      : [],
  );
  return errors.length === 0
    ? undefined
    : spError(400, 'INVALID_ARGUMENT', 'Invalid request: one or more fields are invalid.', errors);
}

function itemFailure(index: number, error: Row): Row {
  return { index, errors: [error] };
}

function notFound(index: number, campaignId: string): Row {
  return itemFailure(
    index,
    mutationError(
      'entityNotFoundError',
      'ENTITY_NOT_FOUND',
      `Campaign ${campaignId} not found.`,
      `$.campaigns[${index}].campaignId`,
      {
        entityId: campaignId,
        entityType: 'CAMPAIGN',
      },
    ),
  );
}

/** Test trigger: a campaign name starting with FAIL is refused per item (as a forbidden-character name). */
function badName(index: number): Row {
  return itemFailure(
    index,
    mutationError(
      'malformedValueError',
      'FORBIDDEN_CHARS',
      'Campaign name contains a forbidden value.',
      `$.campaigns[${index}].name`,
    ),
  );
}

/** With `Prefer: return=representation` the success items carry the whole entity. */
function wantsRepresentation(request: Request): boolean {
  return (request.headers.get('prefer') ?? '').includes('return=representation');
}

const campaigns = RESOURCES[0]!;
const writeGuard = { scope: true, contentType: campaigns.media, accept: campaigns.media, spErrors: true };

/** One item of a campaign write: the stored campaign, or the item's error row. */
type WriteOutcome = { ok: Row } | { error: Row };

/**
 * A 207 campaign write (create or update): the write guard and body check, then each item of `campaigns`
 * through `apply` against the profile's store; success rows carry the whole campaign with
 * `Prefer: return=representation` (and, where the write says so, a Preference-Applied header).
 */
async function campaignWrites(
  request: Request,
  apply: (item: Row, index: number, store: Row[]) => WriteOutcome,
  options: { preferenceApplied?: boolean } = {},
): Promise<Response | undefined> {
  const rejected = guard(request, writeGuard, scopesOf(regionOfUrl(request.url)));
  if (rejected) return rejected;
  const body = await readJson(request);
  const invalid = invalidWrite(body);
  if (invalid || !body) return invalid;
  const store = spEntities(request.headers.get('amazon-advertising-api-scope') ?? '').campaigns;
  const full = wantsRepresentation(request);
  const success: Row[] = [];
  const error: Row[] = [];
  (body.campaigns as Row[]).forEach((item, index) => {
    const outcome = apply(item, index, store);
    if ('error' in outcome) error.push(outcome.error);
    else
      success.push({ campaignId: outcome.ok.campaignId, index, ...(full ? { campaign: outcome.ok } : {}) });
  });
  const headers: Record<string, string> =
    full && options.preferenceApplied ? { 'Preference-Applied': 'return=representation' } : {};
  return adsJson({ campaigns: { success, error } }, 207, campaigns.media, headers);
}

const writes: RequestHandler[] = Object.values(ADS_HOSTS).flatMap((host) => [
  http.post(
    `${host}/sp/campaigns`,
    withFault('api', renderAdsFault, ({ request }) =>
      campaignWrites(request, (item, index, store) => {
        if (String(item.name ?? '').startsWith('FAIL')) return { error: badName(index) };
        const campaign = { ...item, campaignId: newId() };
        store.push(campaign);
        return { ok: campaign };
      }),
    ),
  ),
  http.put(
    `${host}/sp/campaigns`,
    withFault('api', renderAdsFault, ({ request }) =>
      campaignWrites(
        request,
        (item, index, store) => {
          const existing = store.find((c) => c.campaignId === item.campaignId);
          if (!existing) return { error: notFound(index, String(item.campaignId)) };
          if (String(item.name ?? '').startsWith('FAIL')) return { error: badName(index) };
          Object.assign(existing, item);
          return { ok: existing };
        },
        { preferenceApplied: true },
      ),
    ),
  ),
  http.post(
    `${host}/sp/campaigns/delete`,
    withFault('api', renderAdsFault, async ({ request }) => {
      // Archiving (SponsoredProductsDeleteSponsoredProductsCampaignsRequestContent: campaignIdFilter).
      const rejected = guard(request, writeGuard, scopesOf(regionOfUrl(request.url)));
      if (rejected) return rejected;
      const body = await readJson(request);
      const ids = (body?.campaignIdFilter as { include?: unknown } | undefined)?.include;
      if (!Array.isArray(ids)) {
        return spError(400, 'INVALID_ARGUMENT', 'Invalid request: campaignIdFilter is required.', [
          mutationError(
            'missingValueError',
            'MISSING_VALUE',
            'campaignIdFilter is required',
            '$.campaignIdFilter',
          ),
        ]);
      }
      const store = spEntities(request.headers.get('amazon-advertising-api-scope') ?? '').campaigns;
      const success: Row[] = [];
      const error: Row[] = [];
      ids.map(String).forEach((campaignId, index) => {
        const existing = store.find((c) => c.campaignId === campaignId);
        if (!existing) {
          error.push(notFound(index, campaignId));
          return;
        }
        existing.state = 'ARCHIVED';
        success.push({ campaignId, index });
      });
      return adsJson({ campaigns: { success, error } }, 207, campaigns.media);
    }),
  ),
]);

export const spHandlers: RequestHandler[] = [...RESOURCES.flatMap(list), ...writes];
