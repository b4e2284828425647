// msw handlers for the Amazon Ads API (all three regional hosts, report files) and its dummy env.
import type { RequestHandler } from 'msw';
import { amcHandlers } from './amc.js';
import { campaignReadHandlers } from './campaign-reads.js';
import { exportHandlers } from './exports.js';
import { profileHandlers } from './profiles.js';
import { reportingHandlers } from './reporting.js';
import { snapshotHandlers } from './snapshots.js';
import { spHandlers } from './sp.js';
import { spTargetingHandlers } from './sp-targeting.js';
import { adsSpecAdapter } from './spec-adapter.js';
import { specCatchAll, specGate } from '../spec/front-door.js';
import { redirectTarget } from '../spec/redirect-target.js';

export { renderAdsFault } from './fault.js';
export { ADS_HOSTS, REPORT_FILE_HOST } from './hosts.js';
export { AMC_ACCOUNTS, AMC_INSTANCES } from './amc.js';
export { PROFILES } from './profiles.js';
export { resetAdsMockState } from './state.js';

export const handlers: RequestHandler[] = [
  ...profileHandlers,
  ...spHandlers,
  ...spTargetingHandlers,
  ...campaignReadHandlers,
  ...reportingHandlers,
  ...amcHandlers,
  ...exportHandlers,
  ...snapshotHandlers,
];

/** Before `handlers`: the spec's rejections (400/406/415) for every operation. */
export const gateHandlers: RequestHandler[] = specGate(adsSpecAdapter);
/** After `handlers`: every other operation of the specs, answered from its response schema. */
export const catchAllHandlers: RequestHandler[] = [
  ...specCatchAll(adsSpecAdapter),
  redirectTarget(adsSpecAdapter.redirectBase),
];

/** Obviously fake credentials the preload sets when none are configured. */
export const dummyEnv: Record<string, string> = {
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.mockadsclient000',
  ADS_API_CLIENT_SECRET: 'mock-ads-client-secret-not-real',
  ADS_API_REFRESH_TOKEN: 'Atzr|mock-ads-refresh-token-not-real',
};
