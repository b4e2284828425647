// renderAdsFault: each http_* fault scenario rendered with the Ads API's own bodies and headers.
import { adsError, adsThrottled } from './respond.js';

export function renderAdsFault(status: number, retryAfter: string | undefined, request: Request): Response {
  const reporting = new URL(request.url).pathname.startsWith('/reporting/');
  let res: Response;
  switch (status) {
    case 429:
      return adsThrottled(retryAfter);
    case 401:
      res = adsError(401, reporting ? '401' : 'UNAUTHORIZED', 'Authentication failed', reporting);
      break;
    case 403:
      res = adsError(
        403,
        'NOT_AUTHORIZED',
        'User is not allowed to access the requested products.',
        reporting,
      );
      break;
    case 404:
      res = adsError(404, 'NOT_FOUND', `Could not find resource for full path: ${request.url}`, reporting);
      break;
    case 503:
      res = adsError(503, 'SERVICE_UNAVAILABLE', 'Service Unavailable', reporting);
      break;
    default:
      res = adsError(
        status,
        status >= 500 ? 'INTERNAL_ERROR' : String(status),
        'Internal Server Error',
        reporting,
      );
  }
  if (retryAfter !== undefined) res.headers.set('retry-after', retryAfter);
  return res;
}
