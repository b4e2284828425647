// Restricted-data tokens: createRestrictedDataToken through the same pipeline (with the identity's LWA
// token), one RDT per (identity, restricted resource) cached until shortly before its expiresIn.
import { type Pipeline, type TokenAuth, tokenAuth } from '@obmcp/http-kit';
import type { OperationRef } from '@obmcp/openapi-tools';
import { spOperationKey } from '../operations/call-operation.js';
import { spOperation } from '../operations/catalog.js';
import { isExpiredToken, readErrors } from '../http/upstream-error.js';
import type { DataElement, RoleName } from '../restricted/restricted-operations.js';
import type { RestrictedResource } from '../restricted/restricted-resource.js';
import { deniedDataElements, isRoleRefusal, rdtRefused } from './rdt-errors.js';

/** The Tokens API operation: its recipe's path, and its key (limiter bucket, the model's usage plan). */
const TOKENS: OperationRef = ['tokens_2021-03-01', 'createRestrictedDataToken'];

/** Auth scopes with this prefix carry an RDT request; every other scope is an identity's LWA token. */
export const RDT_SCOPE_PREFIX = 'rdt:';

/** What an RDT is for: the identity whose LWA token asks, the resource, and who may grant it. */
export interface RdtRequest {
  identity: string;
  /** operationId for messages (getOrder …). */
  operationId: string;
  resource: RestrictedResource;
  roles: readonly RoleName[];
}

/** A granted RDT; `withheld` lists the data elements the Tokens API refused (the rest were granted). */
export interface Rdt {
  token: string;
  withheld: DataElement[];
}

/**
 * The pipeline auth scope of an RDT request, also its cache key, as one plain string (built on every
 * restricted call):
 *   rdt:<identity> <method> <path> <dataElements, comma-joined> <operationId> <roles, '|'-joined>
 * No field before the roles holds a space: identity ids are `[A-Za-z0-9._-]`, paths are sent with every
 * segment percent-encoded, dataElements and operationIds are single words. Role names (which have spaces)
 * come last.
 */
export function rdtScope(request: RdtRequest): string {
  const { identity, operationId, resource, roles } = request;
  const elements = resource.dataElements?.join(',') ?? '';
  return `${RDT_SCOPE_PREFIX}${identity} ${resource.method} ${resource.path} ${elements} ${operationId} ${roles.join('|')}`;
}

/** The request back from its scope (only on a cache miss, when the token is fetched). */
export function parseRdtScope(scope: string): RdtRequest {
  // split always yields a first word (the identity); the other fields are empty when the scope lacks them.
  const [identity, method = '', path = '', elements = '', operationId = '', ...roleWords] = scope
    .slice(RDT_SCOPE_PREFIX.length)
    .split(' ') as [string, ...string[]];
  const roles = roleWords.join(' ');
  return {
    identity,
    operationId,
    resource: {
      method: method as RestrictedResource['method'],
      path,
      ...(elements ? { dataElements: elements.split(',') as DataElement[] } : {}),
    },
    roles: roles ? (roles.split('|') as RoleName[]) : [],
  };
}

/** RDTs are valid for an hour ("An RDT remains valid for one hour"); refresh a minute early. */
const REFRESH_EARLY_MS = 60_000;

/**
 * RDTs kept at most (one per identity and generic path, one per report document read): beyond it the least
 * recently used is forgotten; expired ones are dropped whenever a new token is stored (http-kit TokenCache).
 */
export const RDT_CACHE_MAX_ENTRIES = 1000;

/**
 * The RDT auth plug-in. `pipeline` is late-bound: the plug-in belongs to the pipeline's own upstream
 * description, and asks that same pipeline for the token.
 */
export function createRdtAuth(
  pipeline: () => Pipeline,
  options: { maxEntries?: number; now?: () => number } = {},
): TokenAuth<Rdt> {
  const now = options.now ?? Date.now;

  async function create(request: RdtRequest, resource: RestrictedResource, signal?: AbortSignal) {
    const tokens = spOperation(TOKENS);
    const res = await pipeline().exchange({
      operation: spOperationKey(tokens),
      method: tokens.recipe.method,
      path: tokens.recipe.path,
      body: { restrictedResources: [resource] },
      auth: request.identity,
      limitScope: request.identity,
      // Creating a token changes nothing upstream: safe to repeat after a timeout or a 5xx.
      idempotent: true,
      ...(signal ? { signal } : {}),
    });
    const body = (res.body ?? {}) as { restrictedDataToken?: unknown; expiresIn?: unknown };
    if (typeof body.restrictedDataToken !== 'string' || body.restrictedDataToken === '') {
      throw rdtRefused(request, {
        status: res.status,
        message: 'The Tokens API returned no restrictedDataToken.',
      });
    }
    const expiresIn = typeof body.expiresIn === 'number' && body.expiresIn > 0 ? body.expiresIn : 3600;
    return { token: body.restrictedDataToken, expiresAt: now() + expiresIn * 1000 };
  }

  async function fetchToken(scope: string, signal?: AbortSignal) {
    const request = parseRdtScope(scope);
    const asked = request.resource.dataElements;
    try {
      const { token, expiresAt } = await create(request, request.resource, signal);
      return { value: { token, withheld: [] }, expiresAt };
    } catch (error) {
      if (!isRoleRefusal(error)) throw error;
      // "Application does not have access to one or more requested data elements: [buyerTaxInformation]":
      // ask once more for the elements the application may have; the caller reports the withheld ones.
      if (asked === undefined) throw rdtRefused(request, error);
      const denied = deniedDataElements(error, asked);
      const granted = asked.filter((e) => !denied.includes(e));
      if (denied.length === 0 || granted.length === 0) throw rdtRefused(request, error);
      const retry = { ...request.resource, dataElements: granted };
      try {
        const { token, expiresAt } = await create(request, retry, signal);
        return { value: { token, withheld: denied }, expiresAt };
      } catch (again) {
        throw isRoleRefusal(again) ? rdtRefused(request, again) : again;
      }
    }
  }

  return tokenAuth<Rdt>({
    refreshEarlyMs: REFRESH_EARLY_MS,
    maxEntries: options.maxEntries ?? RDT_CACHE_MAX_ENTRIES,
    now,
    fetchToken,
    toHeaders: (rdt) => ({ 'x-amz-access-token': rdt.token }),
    // An RDT past its hour gets the same 403 as an expired LWA token: drop it and ask for a new one.
    isExpired: (res) => isExpiredToken(res.status, readErrors(res)),
  });
}
