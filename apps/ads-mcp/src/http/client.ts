// AdsApiClient: the tools' face of the shared pipeline — profile/AMC scope headers, media types, per-endpoint budget.
import { currentHostedUser } from '@obmcp/mcp-server/hosted';
import { type CallContext, passthroughParts } from '@obmcp/contract';
import { type Pipeline, RedirectHosts } from '@obmcp/http-kit';
import type { Config } from '../config.js';
import type { Session } from '../session/session.js';
import { requireProfile } from '../tools/require-profile.js';
import { downloadStoredFile, fileContent } from './download.js';
import { adsRedirectHosts } from './redirect-hosts.js';
import type { AdsErrorContext, StoredFile } from './upstream.js';

export type AdsScope =
  | { kind: 'none' }
  | { kind: 'profile' }
  | { kind: 'amc'; advertiserId: string; marketplaceId: string };

export interface AdsRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with every placeholder filled and encoded, plus `?query` (buildRequest's pathAndQuery). */
  path: string;
  /** Limiter bucket and rule: the catalog operation's `<api>.<operationId>` (http/limits.ts). */
  operation: string;
  body?: unknown;
  /** Vendor media type for Accept and (with a body) Content-Type. Default application/json. */
  media?: string;
  /** The Accept header; false sends none (the operation declares no success media type). Default: `media`. */
  accept?: string | false;
  /** Extra headers the operation declares (e.g. Amazon-Ads-AccountId). */
  headers?: Record<string, string>;
  scope: AdsScope;
  /** Safe to repeat after 5xx/timeouts. 429 is retried for every request (not processed upstream). */
  idempotent: boolean;
  /**
   * `file`: the answer is a file (a download redirected to S3, served as a gzip octet-stream): read within
   * ADS_REPORT_MAX_BYTES, gunzipped, parsed when it is JSON, else returned as text. Default `json`.
   */
  answer?: 'json' | 'file';
}

export interface AdsResponse {
  status: number;
  body: unknown;
}

export class AdsApiClient {
  /** Where a pre-signed URL may point: the hosts redirects may lead to (the API's and its storage). */
  private readonly storageHosts: RedirectHosts;

  constructor(
    private readonly pipeline: Pipeline<AdsErrorContext>,
    readonly session: Session,
    private readonly config: Config,
  ) {
    this.storageHosts = new RedirectHosts(adsRedirectHosts(config));
  }

  /** ADS_API_UPLOAD_DIR: where a file argument's `path` may be read from (unset: base64 only). */
  get uploadDir(): string | undefined {
    return this.config.uploadDir;
  }

  /** A pre-signed file on a declared storage host (no Ads credentials sent), gunzipped within ADS_REPORT_MAX_BYTES. */
  download(url: string, call: CallContext, kind: StoredFile = 'report'): Promise<Uint8Array> {
    return downloadStoredFile(this.pipeline, this.config, this.storageHosts, url, kind, call);
  }

  async call(req: AdsRequest, call: CallContext): Promise<AdsResponse> {
    const profileId = req.scope.kind === 'profile' ? requireProfile(this.session) : undefined;
    const media = req.media ?? 'application/json';
    const headers: Record<string, string> = { ...req.headers };
    if (profileId !== undefined) headers['amazon-advertising-api-scope'] = String(profileId);
    if (req.scope.kind === 'amc') {
      headers['amazon-advertising-api-advertiserid'] = req.scope.advertiserId;
      headers['amazon-advertising-api-marketplaceid'] = req.scope.marketplaceId;
    }
    const region = this.session.region;
    const res = await this.pipeline.exchange({
      operation: req.operation,
      method: req.method,
      path: req.path,
      headers,
      body: req.body,
      accept: req.accept ?? media,
      contentType: media,
      idempotent: req.idempotent,
      ...(req.answer === 'file' ? { responseType: 'bytes', maxBodyBytes: this.config.reportMaxBytes } : {}),
      // MCP_STRICT_UNKNOWN_FIELDS=false: the call's unknown top-level fields join the query or body.
      ...passthroughParts(call.passthrough),
      auth: region,
      // Amazon throttles per advertiser profile; calls without one share the region's budget.
      // --hosted: a call without a profile spends its user's budget, not a region-wide one.
      limitScope: profileId === undefined ? regionScope(region) : `profile-${profileId}`,
      signal: call.signal,
      meta: call.meta,
      context: { tool: call.tool, profileId },
    });
    if (req.answer !== 'file') return { status: res.status, body: res.body ?? {} };
    const file = await fileContent(res.bytes, res.headers.get('content-type'), this.config.reportMaxBytes);
    return { status: res.status, body: file };
  }
}

function regionScope(region: string): string {
  const user = currentHostedUser();
  return user === undefined ? region : `${user.subject}@${region}`;
}
