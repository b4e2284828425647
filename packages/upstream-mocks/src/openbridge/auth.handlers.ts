// POST /auth/api/ref: refresh token (`key:secret`) → JWT at data.attributes.token (channel 'auth').
import { http } from 'msw';
import { mockSettings } from '../settings.js';
import { withFault } from '../with-fault.js';
import { OPENBRIDGE_HOSTS, REFRESH_TOKEN_FORMAT } from './constants.js';
import { errorResponse, faultRenderer } from './errors.js';
import { json, readJsonApi } from './json-api.js';
import { issueJwt } from './jwt.js';

/** 200 or 202 (both seen in the wild); OBMCP_MOCK_OPENBRIDGE_AUTH_STATUS picks, default 202. */
function successStatus(): number {
  return mockSettings.openbridgeAuthStatus();
}

const exchange = withFault('auth', faultRenderer('jsonapi'), async ({ request }) => {
  const data = await readJsonApi(request);
  if (data?.type !== 'APIAuth') {
    return errorResponse(
      'jsonapi',
      400,
      'Request body must be {"data":{"type":"APIAuth","attributes":{…}}}.',
    );
  }
  const refreshToken = data.attributes?.refresh_token;
  if (typeof refreshToken !== 'string' || refreshToken === '') {
    return errorResponse('jsonapi', 400, 'refresh_token is required.');
  }
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
