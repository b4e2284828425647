// ads-mcp's client call for one catalog operation: the recipe's path, query, body and media types, the
// identity headers the server supplies (Scope from the active profile; AMC advertiser/marketplace from the
// arguments or /amc/accounts), limited per operation (`<api>.<operationId>`). Curated and generated alike.
import type { CallContext } from '@obmcp/contract';
import {
  buildRequest,
  type CatalogOperation,
  encodeFormBody,
  operationBinder,
  operationKey,
} from '@obmcp/openapi-tools';
import type { AdsApiClient, AdsResponse, AdsScope } from '../http/client.js';
import { type AmcEntityArgs, type AmcLookups, amcScope } from '../tools/amc-scope.js';
import { adsCatalog } from './catalog.js';

const ACCOUNT_ID_HEADER = 'amazon-ads-accountid';

/** What a curated tool may add to a call that the spec cannot say. */
export interface AdsCallExtra {
  /** AMC operations: explicit AMC account / marketplace (else resolved through /amc/accounts). */
  amc?: AmcEntityArgs;
  /** Not safe to repeat after a 5xx or timeout although it changes nothing (creating a report, an AMC run). */
  idempotent?: false;
}

/** Limiter key of an operation (operationIds repeat across specs, so the file stem qualifies it). */
export function adsOperationKey(op: CatalogOperation): string {
  return operationKey(adsCatalog(), op);
}

const lookups = new WeakMap<AdsApiClient, AmcLookups>();

/**
 * What the AMC headers are looked up with (GET /amc/accounts, the active profile): those operations called the
 * same way, through this function (recursion, not an object that holds itself).
 */
function amcLookups(client: AdsApiClient): AmcLookups {
  let found = lookups.get(client);
  if (!found) {
    const operations = operationBinder<AdsResponse, AdsCallExtra>({
      catalog: adsCatalog,
      call: (op, args, call, extra) => callOperation(client, op, args, call, extra),
    });
    found = { session: client.session, operations };
    lookups.set(client, found);
  }
  return found;
}

async function scopeOf(
  client: AdsApiClient,
  op: CatalogOperation,
  headers: Record<string, string>,
  call: CallContext,
  amc: AmcEntityArgs,
): Promise<AdsScope> {
  const server = new Set((op.recipe.serverHeaders ?? []).map((h) => h.toLowerCase()));
  // AMC operations identify the AMC account by advertiser; Sponsored Products recommendations also declare an
  // optional AdvertiserId header but are profile-scoped (their spec requires the Scope header).
  if (server.has('amazon-advertising-api-advertiserid') && op.toolset === 'amc') {
    const scope = await amcScope(amcLookups(client), amc, call);
    // (A parameter of that name is a header: the specs declare it nowhere else.)
    const declaresAccount = op.recipe.params.some((p) => p.name.toLowerCase() === ACCOUNT_ID_HEADER);
    if (declaresAccount) headers[ACCOUNT_ID_HEADER] ??= scope.advertiserId;
    return scope;
  }
  return server.has('amazon-advertising-api-scope') ? { kind: 'profile' } : { kind: 'none' };
}

export async function callOperation(
  client: AdsApiClient,
  op: CatalogOperation,
  args: Record<string, unknown>,
  call: CallContext,
  extra: AdsCallExtra = {},
): Promise<AdsResponse> {
  const built = buildRequest(op.recipe, args);
  const { 'content-type': declaredType, accept, ...headers } = built.headers;
  let contentType = declaredType;
  let body: unknown = built.body;
  if (op.recipe.formFiles !== undefined && body !== undefined) {
    // multipart/form-data: the file parts from base64 or a path in ADS_API_UPLOAD_DIR; a Content-Type argument
    // (create_asset: "the image format type") is the file part's type, the request's is the form's own.
    // (An option left undefined is an absent one to encodeFormBody.)
    const form = await encodeFormBody(op.recipe, body, {
      uploadDir: client.uploadDir,
      defaultFileType: declaredType === op.recipe.contentType ? undefined : declaredType,
      defaultFileName: headers['content-disposition'],
    });
    body = form.bytes;
    contentType = form.contentType;
  } else if (contentType !== undefined) {
    // A Content-Type the operation declares as an argument is sent even without a body (DataProviderData's GET);
    // with a body it is the media type the client sends anyway.
    headers['content-type'] = contentType;
  }
  const scope = await scopeOf(client, op, headers, call, extra.amc ?? {});
  return client.call(
    {
      operation: adsOperationKey(op),
      method: op.recipe.method,
      path: built.pathAndQuery,
      body,
      media: contentType ?? accept,
      // No Accept where the operation declares no success media type (e.g. a 204 DELETE).
      accept: accept ?? false,
      headers,
      scope,
      idempotent: extra.idempotent ?? !op.writes,
      // A GET whose spec declares no success media type answers with a file (a 307 to S3): read it as one.
      ...(op.recipe.method === 'GET' && op.recipe.accept === undefined ? { answer: 'file' as const } : {}),
    },
    call,
  );
}
