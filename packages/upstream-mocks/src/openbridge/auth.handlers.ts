// POST /auth/api/ref: refresh token (`key:secret`) → JWT at data.attributes.token (channel 'auth').
import { http } from 'msw';
import { mockSettings } from '../settings.js';
import { withFault } from '../with-fault.js';
import { OPENBRIDGE_HOSTS, REFRESH_TOKEN_FORMAT } from './constants.js';
import { checkRequest } from './doc-schemas/validate.js';
import { errorResponse, faultRenderer, invalidRequest } from './errors.js';
import { json, readBody } from './json-api.js';
import { issueJwt } from './jwt.js';

/** 200 or 202 (both seen in the wild); OBMCP_MOCK_OPENBRIDGE_AUTH_STATUS picks, default 202. */
function successStatus(): number {
  return mockSettings.openbridgeAuthStatus();
}

const exchange = withFault('auth', faultRenderer('jsonapi'), async ({ request }) => {
  const body = await readBody(request);
  // authentication-api.md Step 2: {"data":{"type":"APIAuth","attributes":{"refresh_token":"…"}}}.
  const issues = checkRequest('authRefresh', body);
  if (issues.length > 0) return invalidRequest('jsonapi', issues);
  const refreshToken = (body as { data: { attributes: { refresh_token: string } } }).data.attributes
    .refresh_token;
  if (!REFRESH_TOKEN_FORMAT.test(refreshToken) || /revoked|invalid/i.test(refreshToken)) {
    return errorResponse('jsonapi', 401, 'Invalid refresh token.');
  }
  const { token, claims } = issueJwt();
  return json({ data: { type: 'APIAuth', id: claims.jti, attributes: { token } } }, successStatus());
});

export const authHandlers = [
  http.post(`${OPENBRIDGE_HOSTS.authentication}/auth/api/ref`, exchange),
  http.post(`${OPENBRIDGE_HOSTS.authentication}/auth/api/refresh`, exchange),
];
