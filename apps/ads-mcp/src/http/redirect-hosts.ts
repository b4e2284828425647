// Where an Ads API redirect may lead (http-kit follows nothing else): the regional API and LWA hosts, Openbridge, report storage.
import { hostsOfUrls } from '@obmcp/http-kit';
import type { Config } from '../config.js';
import { REGION_INFO } from '../regions.js';

/**
 * Report files, exports and AMC results are pre-signed S3 URLs (`offline-report-storage-…s3.amazonaws.com`;
 * the v2 `/reports/{id}/download` answers a 307 to one); brokered mode talks to Openbridge's API hosts.
 */
const STORAGE_AND_BROKER_HOSTS = ['*.amazonaws.com', '*.api.openbridge.io'];

export function adsRedirectHosts(config: Pick<Config, 'endpoint' | 'lwaEndpoint'>): string[] {
  const regional = Object.values(REGION_INFO).flatMap((info) => [info.apiHost, info.tokenUrl]);
  return [...hostsOfUrls([...regional, config.endpoint, config.lwaEndpoint]), ...STORAGE_AND_BROKER_HOSTS];
}
