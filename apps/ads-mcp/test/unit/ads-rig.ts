// A test rig for the Ads client (src): a fake fetcher that records each request and answers from a script, a
// limiter that records the buckets and rules asked for, and a credential source that counts tokens.
import type { CallContext, CallOutcome } from '@obmcp/contract';
import { createToolHost, silentLogger } from '@obmcp/mcp-server/testing';
import {
  createPipeline,
  type Fetcher,
  type Limiter,
  type LimitRule,
  type Pipeline,
  type UpstreamResponse,
} from '@obmcp/http-kit';
import type { CredentialSource } from '../../src/auth/types.js';
import { type Config, loadConfig } from '../../src/config.js';
import { AdsApiClient } from '../../src/http/client.js';
import { type AdsErrorContext, adsUpstream } from '../../src/http/upstream.js';
import type { Region } from '../../src/regions.js';
import { createSession, type Session } from '../../src/session/session.js';
import { createOperations } from '../../src/operations/bind.js';
import { operationExecutor } from '../../src/operations/execute.js';
import { toolSplit } from '../../src/operations/listing.js';
import { profile } from '../../src/profile.js';
import type { ToolDeps } from '../../src/tools/deps.js';
import { createTools } from '../../src/tools/index.js';

export const BASE_ENV: Record<string, string> = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: 'client-1',
  ADS_API_CLIENT_SECRET: 'secret-1',
  ADS_API_REFRESH_TOKEN: 'Atzr|refresh-1',
};

export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  maxBodyBytes?: number;
}

export interface Answer {
  status?: number;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
}

export function response(answer: Answer, url: string): UpstreamResponse {
  const status = answer.status ?? 200;
  const headers = new Headers(answer.headers ?? { 'content-type': 'application/json' });
  const bytes =
    typeof answer.body === 'string'
      ? new TextEncoder().encode(answer.body)
      : (answer.body ?? new Uint8Array());
  const type = headers.get('content-type') ?? '';
  return {
    status,
    ok: status >= 200 && status < 300,
    headers,
    url,
    bytes,
    isJson: /json/.test(type),
    text: () => new TextDecoder().decode(bytes),
    json: () => JSON.parse(new TextDecoder().decode(bytes)) as unknown,
  };
}

/** The answers in order (the last one repeats), or one per request (method, URL, body; n counts from 0). */
export type Script = Answer[] | ((req: Sent, n: number) => Answer);

/** A JSON answer. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Answer => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

export interface Rig {
  client: AdsApiClient;
  session: Session;
  config: Config;
  sent: Sent[];
  acquired: Array<{ key: string; rule: LimitRule }>;
  learned: Array<{ key: string; rate: number }>;
  credentialsAsked: Region[];
  invalidated: Region[];
  source: CredentialSource;
  pipeline: Pipeline<AdsErrorContext>;
}

export function rig(
  answers: Script,
  env: Record<string, string> = {},
  limitEnv: Record<string, string> = {},
): Rig {
  const config = loadConfig({ ...BASE_ENV, ...env });
  const session = createSession(config);
  const sent: Sent[] = [];
  const acquired: Rig['acquired'] = [];
  const learned: Rig['learned'] = [];
  const credentialsAsked: Region[] = [];
  const invalidated: Region[] = [];
  let n = 0;
  const fetcher: Fetcher = {
    async send(req) {
      const body =
        req.body === undefined
          ? undefined
          : req.body instanceof Uint8Array
            ? new TextDecoder().decode(req.body)
            : String(req.body);
      sent.push({
        method: req.method,
        url: String(req.url),
        headers: { ...req.headers },
        ...(body === undefined ? {} : { body }),
        ...(req.maxBodyBytes === undefined ? {} : { maxBodyBytes: req.maxBodyBytes }),
      });
      const recorded = sent[sent.length - 1] as Sent;
      const answer =
        typeof answers === 'function'
          ? answers(recorded, n)
          : (answers[Math.min(n, answers.length - 1)] ?? { body: '{}' });
      n += 1;
      return response(answer, String(req.url));
    },
    close: async () => {},
  };
  const limiter: Limiter = {
    async acquire(key, rule) {
      acquired.push({ key, rule });
    },
    learn(key, rate) {
      learned.push({ key, rate });
    },
    ruleFor: (_key, rule) => rule,
    async penalize() {},
  };
  let token = 0;
  const source: CredentialSource = {
    mode: 'direct',
    async get(region) {
      credentialsAsked.push(region);
      token += 1;
      return { accessToken: `token-${token}`, clientId: 'client-1' };
    },
    invalidate(region) {
      invalidated.push(region);
    },
  };
  const pipeline = createPipeline(
    adsUpstream({ config, session, source, fetcher, limiter, env: { ...BASE_ENV, ...limitEnv } }),
  );
  return {
    client: new AdsApiClient(pipeline, session, config),
    session,
    config,
    sent,
    acquired,
    learned,
    credentialsAsked,
    invalidated,
    source,
    pipeline,
  };
}

export function callContext(tool = 'some_tool', extra: Partial<CallContext> = {}): CallContext {
  const meta = {
    setRateLimit() {},
    setRetryAfter() {},
    addWarning() {},
    setRequestId() {},
    set() {},
    snapshot: () => ({}),
  };
  return { tool, signal: new AbortController().signal, meta, ...extra } as unknown as CallContext;
}

export async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

export interface ToolRig extends Rig {
  host: ReturnType<typeof createToolHost>;
  deps: ToolDeps;
  /** Calls a tool as a client would (validation, envelopes), listed or Code Mode only. */
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
}

/**
 * The server's tools (curated and generated, split by ADS_API_TOOLSETS) on the rig's client: every request they
 * send is recorded. `listIdentities` stands in for Openbridge mode's identity listing.
 */
export function toolRig(
  answers: Script,
  env: Record<string, string> = {},
  listIdentities?: ToolDeps['listIdentities'],
): ToolRig {
  const r = rig(answers, { ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true', ...env });
  const deps: ToolDeps = {
    config: r.config,
    session: r.session,
    client: r.client,
    auth: r.source,
    operations: createOperations(r.client),
    ...(listIdentities ? { listIdentities } : {}),
  };
  const split = toolSplit(r.config, createTools(deps), operationExecutor(r.client));
  const host = createToolHost(profile, split.listed, split.hidden, r.config.contract, silentLogger);
  return { ...r, host, deps, call: (name, args) => host.call(name, args) };
}
