// The Tokens API refusing an RDT → an auth_error naming the restricted role; never the token itself.
import { AuthError, boundText, type Detail, UpstreamHttpError } from '@obmcp/contract';
import type { DataElement, RoleName } from '../restricted/restricted-operations.js';
import type { RdtRequest } from './rdt-auth.js';

const ELEMENTS: readonly DataElement[] = ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'];

/** The data elements a refusal names ("… requested data elements: [buyerInfo, shippingAddress]"). */
export function deniedDataElements(error: UpstreamHttpError, asked: readonly DataElement[]): DataElement[] {
  const text = error.details.map((d) => d.issue).join(' ');
  if (!/data elements?/i.test(text)) return [];
  return ELEMENTS.filter((e) => asked.includes(e) && new RegExp(`\\b${e}\\b`).test(text));
}

/**
 * The Tokens API saying the application may not have this data (400 InvalidInput "Application does not
 * have access …", or a 403 "Access to requested resource is denied."), as opposed to an LWA credential
 * problem (a 401 — "not formatted correctly or does not contain a valid token" in the model — or a 403
 * naming an expired, revoked or missing token), which stays the SP-API's own auth_error.
 */
export function isRoleRefusal(error: unknown): error is UpstreamHttpError {
  if (!(error instanceof UpstreamHttpError)) return false;
  const text = error.details.map((d) => d.issue).join(' ');
  if (/expired|revoked|malformed|missing in the request/i.test(text)) return false;
  if (error.status === 400) return /(does|do) not have access/i.test(text);
  return error.status === 403;
}

function roleList(roles: readonly RoleName[]): string {
  if (roles.length <= 1) return roles[0] ?? 'a restricted role';
  return `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`;
}

export function rdtRefused(
  request: RdtRequest,
  source: UpstreamHttpError | { status: number; message: string },
): AuthError {
  const { resource } = request;
  const elements = resource.dataElements?.length ? ` (${resource.dataElements.join(', ')})` : '';
  const upstream: Detail[] =
    'details' in source
      ? source.details.map((d) => ({ ...d, upstream_status: source.status }))
      : [
          {
            path: '',
            issue: source.message,
            received_type: 'upstream_error',
            upstream_status: source.status,
          },
        ];
  return new AuthError({
    status: source.status,
    summary: boundText(
      `SP-API refused a restricted-data token for ${request.operationId} (${resource.method} ${resource.path})${elements}: the application may lack the restricted role.`,
      300,
    ),
    details:
      upstream.length > 0
        ? upstream
        : [{ path: '', issue: 'token refused', received_type: 'upstream_error' }],
    hints: [
      `${request.operationId} returns personal data, so sp-mcp asks the Tokens API for a restricted-data token (RDT). The application needs the role ${roleList(request.roles)}: request it in the developer profile (Solution Provider Portal), select it in the app registration, then have the seller authorize the app again.`,
      'Orders without an RDT: search_orders (Orders v2026-01-01) with includedData BUYER or RECIPIENT; or set SP_API_RESTRICTED_DATA_TOKENS=false to call without RDTs (personal data withheld).',
    ],
  });
}
