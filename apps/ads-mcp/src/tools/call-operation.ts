// Calls one Ads operation from its recipe: path template, media types, scope and AMC headers.
import type { CallContext } from '@obmcp/contract';
import { fillPath, type QueryValue } from '@obmcp/http-kit';
import type { AdsResponse, AdsScope } from '../http/client.js';
import { type AmcEntityArgs, amcScope } from './amc-scope.js';
import type { AdsToolContext } from './context.js';
import type { AdsOperation } from './operations.js';

export interface OperationInput {
  pathParams?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** AMC operations: explicit AMC account / marketplace (else resolved through /amc/accounts). */
  amc?: AmcEntityArgs;
  /** Safe to repeat after 5xx/timeouts; default: GET, or a POST …/list read. */
  idempotent?: boolean;
}

/** The operation's path with each `{name}` filled from the argument of the same name (http-kit's one rule). */
function pathOf(template: string, params: Record<string, string> = {}): string {
  return fillPath(
    template,
    Object.fromEntries(Object.entries(params).map(([name, value]) => [name, { value }])),
  );
}

export async function callOperation(
  ctx: AdsToolContext,
  op: AdsOperation,
  input: OperationInput,
  call: CallContext,
): Promise<AdsResponse> {
  // The path first: a refused path value must stop the call before any request (the AMC account lookup too).
  const path = pathOf(op.path, input.pathParams);
  let scope: AdsScope = { kind: op.scope === 'profile' ? 'profile' : 'none' };
  const headers: Record<string, string> = {};
  if (op.scope === 'amc') {
    const amc = await amcScope(ctx, input.amc ?? {}, call);
    scope = amc;
    if (op.accountIdHeader) headers['amazon-ads-accountid'] = amc.advertiserId;
  }
  return ctx.client.request(
    {
      method: op.method,
      path,
      query: input.query,
      body: input.body,
      media: op.contentType ?? op.accept,
      accept: op.accept,
      headers,
      scope,
      idempotent: input.idempotent ?? (op.method === 'GET' || op.path.endsWith('/list')),
    },
    call,
  );
}
