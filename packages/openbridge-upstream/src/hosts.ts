// Openbridge's API hosts by key: the defaults, and where a redirect from one of them may lead.
import { hostsOfUrls } from '@obmcp/http-kit';

/** One base URL per Openbridge API host; operations name their host by key (operations.ts). */
export interface OpenbridgeHosts {
  auth: string;
  subscriptions: string;
  remoteIdentity: string;
  service: string;
}

export type OpenbridgeHost = keyof OpenbridgeHosts;

/** The production hosts (openbridge-mcp's OPENBRIDGE_*_BASE_URL defaults; ads-mcp's brokered mode uses these). */
export const OPENBRIDGE_DEFAULT_HOSTS: Readonly<OpenbridgeHosts> = {
  auth: 'https://authentication.api.openbridge.io',
  subscriptions: 'https://subscriptions.api.openbridge.io',
  remoteIdentity: 'https://remote-identity.api.openbridge.io',
  service: 'https://service.api.openbridge.io',
};

/** authentication., subscriptions., remote-identity., service. … (openbridge.md, embedded-api docs). */
export const OPENBRIDGE_HOST_PATTERN = '*.api.openbridge.io';

/** Where an Openbridge redirect may lead (http-kit follows nothing else): Openbridge's API hosts and the given base URLs. */
export function openbridgeRedirectHosts(hosts: Readonly<OpenbridgeHosts>): string[] {
  return [OPENBRIDGE_HOST_PATTERN, ...hostsOfUrls(Object.values(hosts))];
}
