// The SP-API static sandbox: each model's `x-amzn-api-sandbox.static` cases, matched by their parameters; else 400.
import { http, type RequestHandler } from 'msw';
import { loadEngine } from '../spec/front-door.js';
import type { Json } from '../spec/json-schema.js';
import type { Operation } from '../spec/operations.js';
import { bodyOf } from '../spec/parameters.js';
import type { ParsedRequest } from '../spec/request-check.js';
import { withFault } from '../with-fault.js';
import { SP_HOSTS } from './hosts.js';
import { renderSpFault } from './render-fault.js';
import { spErrors, spJson } from './respond.js';
import { authFailure } from './route.js';

interface StaticCase {
  status: number;
  parameters: Record<string, { value?: unknown }>;
  response: unknown;
}

/** Every canned request → response pair the model declares for an operation. */
export function staticCases(op: Operation): StaticCase[] {
  const out: StaticCase[] = [];
  for (const [status, raw] of Object.entries((op.operation.responses as Record<string, Json>) ?? {})) {
    const cases = (raw?.['x-amzn-api-sandbox'] as { static?: Json[] } | undefined)?.static ?? [];
    for (const c of cases) {
      out.push({
        status: Number(status),
        parameters: ((c.request as Json | undefined)?.parameters as StaticCase['parameters']) ?? {},
        response: c.response,
      });
    }
  }
  return out;
}

/** Strings for scalars, so `"5"` in a query and `5` in the model compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Json)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value === undefined || value === null ? value : String(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function actual(parsed: ParsedRequest, name: string, bodyName: string | undefined): unknown {
  if (name in parsed.path) return parsed.path[name];
  if (name in parsed.query) return parsed.query[name];
  const header = Object.keys(parsed.header).find((h) => h.toLowerCase() === name.toLowerCase());
  if (header) return parsed.header[header];
  // Most models key the canned body `body`, whatever the Swagger body parameter is called.
  return name === bodyName || name === 'body' ? parsed.body : undefined;
}

/**
 * The canned case whose parameters are all present with their canned values; among several, the one
 * naming the most parameters (the NextToken case over the plain one). Parameters a case does not name
 * do not matter: the static sandbox "uses pattern matching to return a specified response when the
 * specified parameters are present", and a case need not list every required parameter (docs, "Selling
 * Partner API sandbox"), e.g. getItemOffers' canned case has no ItemCondition, which the model requires.
 */
export function matchStaticCase(op: Operation, parsed: ParsedRequest): StaticCase | undefined {
  const bodyName = bodyOf(op)?.name;
  // A parameter without a value (getListingsItem's `"body": {}`) constrains nothing.
  const named = (c: StaticCase) => Object.entries(c.parameters).filter(([, p]) => p && 'value' in p);
  const hits = staticCases(op).filter((c) =>
    named(c).every(([name, p]) => same(actual(parsed, name, bodyName), p?.value)),
  );
  return hits.sort((a, b) => named(b).length - named(a).length)[0];
}

const NO_MATCH = { code: 'InvalidInput', message: 'Could not match input arguments', details: '' };

export const sandboxHandlers: RequestHandler[] = SP_HOSTS.filter((h) => h.sandbox).map((host) =>
  http.all(
    `${host.base}/*`,
    withFault('api', renderSpFault, async ({ request }) => {
      const { resolveOperation, checkRequest } = await loadEngine();
      const resolved = await resolveOperation('sp-api', request);
      if (!resolved) return undefined;
      const denied = authFailure(request);
      if (denied) return denied;
      const { op, pathParams } = resolved;
      const { parsed } = await checkRequest(op, request.clone(), pathParams, {
        checkAccept: false,
        rejectUnknownQuery: false,
      });
      const hit = matchStaticCase(op, parsed);
      if (!hit) return spErrors(400, [NO_MATCH], op.operationId);
      return spJson(hit.response ?? {}, hit.status, op.operationId);
    }),
  ),
);
