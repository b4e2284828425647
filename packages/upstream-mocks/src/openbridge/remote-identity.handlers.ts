// remote-identity.api.openbridge.io: /ri, /ri/{id}, /sri, /sri/{id}, /rit (DRF-style {detail} errors).
import { http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { errorResponse } from './errors.js';
import { identityType, OWN_IDENTITIES, SHARED_IDENTITIES } from './fixtures/identities.js';
import { type GuardedInfo, guarded, param } from './guard.js';
import { json, paginated, type Resource } from './json-api.js';

const HOST = OPENBRIDGE_HOSTS.remoteIdentity;

const TYPES: Resource[] = [
  [1, 'Google', 'google-api-oauth2'],
  [2, 'Facebook', 'facebook-api-oauth2'],
  [14, 'Amazon Advertising', 'amazon-advertising-oauth'],
  [16, 'Shopify', 'shopify-oauth'],
  [17, 'Amazon Seller Central', 'sp-api-oauth'],
  [18, 'Amazon Vendor Central', 'sp-api-oauth'],
  [19, 'Snowflake', 'snowflake-keypair'],
].map(([id, name, auth]) => ({
  type: 'RemoteIdentityType',
  id: String(id),
  attributes: { name, auth_service: auth },
}));

function filtered(info: GuardedInfo, source: Resource[]): Resource[] | Response {
  const url = new URL(info.request.url);
  const type = url.searchParams.get('remote_identity_type');
  const invalid = url.searchParams.get('invalid_identity');
  if (type !== null && !/^\d+$/.test(type)) {
    return errorResponse(
      'flat_detail',
      400,
      `remote_identity_type: "${type.slice(0, 40)}" is not a valid integer.`,
    );
  }
  let rows = source;
  if (type !== null) rows = rows.filter((r) => identityType(r) === Number(type));
  if (invalid === '0' || invalid === '1')
    rows = rows.filter((r) => r.attributes.invalid_identity === Number(invalid));
  if (url.searchParams.get('ordering') === '-id')
    rows = [...rows].sort((a, b) => Number(b.id) - Number(a.id));
  return rows;
}

function list(source: Resource[]) {
  return guarded('flat_detail', (info) => {
    const rows = filtered(info, source);
    return rows instanceof Response ? rows : paginated(info.request, rows);
  });
}

function one(source: Resource[]) {
  return guarded('flat_detail', (info) => {
    const found = source.find((r) => r.id === param(info, 'id'));
    return found ? json({ data: found }) : errorResponse('flat_detail', 404, 'Not found.');
  });
}

export const remoteIdentityHandlers = [
  http.get(`${HOST}/ri`, list(OWN_IDENTITIES)),
  // "Get Remote Identity": any identity the account may use (own or shared).
  http.get(`${HOST}/ri/:id`, one(SHARED_IDENTITIES)),
  http.get(`${HOST}/sri`, list(SHARED_IDENTITIES)),
  // remote-identity-api.md documents no /sri/{id}: the detail route is /ri/{id} (audit A3-OB1).
  http.get(
    `${HOST}/sri/:id`,
    guarded('flat_detail', () => errorResponse('flat_detail', 404, 'Not found.')),
  ),
  http.get(
    `${HOST}/rit`,
    guarded('flat_detail', (info) => paginated(info.request, TYPES)),
  ),
  http.get(
    `${HOST}/rit/:id`,
    guarded('flat_detail', (info) => {
      const found = TYPES.find((t) => t.id === param(info, 'id'));
      return found ? json(found) : errorResponse('flat_detail', 404, 'Not found.');
    }),
  ),
];
