// Executes one catalog operation for ads-mcp: the recipe's path, query, body and media types, the
// identity headers the server supplies (Scope from the active profile; AMC advertiser/marketplace from
// /amc/accounts; Amazon-Ads-ClientId), and 207 batches read into per-item error records.
import type { CallContext } from '@obmcp/contract';
import { buildRequest, type CatalogOperation, type ExecuteOperation } from '@obmcp/openapi-tools';
import type { AdsScope } from '../http/client.js';
import { amcScope } from '../tools/amc-scope.js';
import type { AdsToolContext } from '../tools/context.js';
import { reportMultiStatus } from '../tools/multi-status.js';

const ACCOUNT_ID_HEADER = 'amazon-ads-accountid';

/** `{<entity>: {success[], error[]}}`: the 207 shape of SP/SB v3+ batch operations. */
function batchPart(body: unknown): [string, { success?: unknown; error?: unknown }] | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const entries = Object.entries(body as Record<string, unknown>);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) return undefined;
  const part = entry[1] as { success?: unknown; error?: unknown } | null;
  return part && typeof part === 'object' && (Array.isArray(part.success) || Array.isArray(part.error))
    ? [entry[0], part]
    : undefined;
}

/** Items sent: the body's `<entity>` array when there is one, else every item Amazon answered for. */
function submittedCount(
  args: Record<string, unknown>,
  entity: string,
  part: { success?: unknown; error?: unknown },
): number {
  const body = args.body as Record<string, unknown> | unknown[] | undefined;
  const items = Array.isArray(body) ? body : body?.[entity];
  if (Array.isArray(items)) return items.length;
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  return count(part.success) + count(part.error);
}

async function scopeOf(
  ctx: AdsToolContext,
  op: CatalogOperation,
  headers: Record<string, string>,
  call: CallContext,
): Promise<AdsScope> {
  const server = new Set((op.recipe.serverHeaders ?? []).map((h) => h.toLowerCase()));
  // AMC operations identify the AMC account by advertiser; Sponsored Products recommendations also declare an
  // optional AdvertiserId header but are profile-scoped (their spec requires the Scope header).
  if (server.has('amazon-advertising-api-advertiserid') && op.toolset === 'amc') {
    const amc = await amcScope(ctx, {}, call);
    const declaresAccount = op.recipe.params.some(
      (p) => p.in === 'header' && p.name.toLowerCase() === ACCOUNT_ID_HEADER,
    );
    if (declaresAccount) headers[ACCOUNT_ID_HEADER] ??= amc.advertiserId;
    return amc;
  }
  return server.has('amazon-advertising-api-scope') ? { kind: 'profile' } : { kind: 'none' };
}

export function adsOperationExecutor(ctx: AdsToolContext): ExecuteOperation {
  return async (op, args, call) => {
    const built = buildRequest(op.recipe, args);
    const { 'content-type': contentType, accept, ...headers } = built.headers;
    const scope = await scopeOf(ctx, op, headers, call);
    const res = await ctx.client.request(
      {
        method: op.recipe.method,
        path: built.pathAndQuery,
        body: built.body,
        media: contentType ?? accept,
        accept: accept ?? 'application/json',
        headers,
        scope,
        idempotent: !op.writes,
        // A GET whose spec declares no success media type answers with a file (a 307 to S3): read it as one.
        ...(op.recipe.method === 'GET' && op.recipe.accept === undefined ? { answer: 'file' as const } : {}),
      },
      call,
    );
    const batch = res.status === 207 ? batchPart(res.body) : undefined;
    if (!batch) return res.body;
    const [entity, part] = batch;
    return { entity, ...reportMultiStatus(entity, part, submittedCount(args, entity, part), call) };
  };
}
