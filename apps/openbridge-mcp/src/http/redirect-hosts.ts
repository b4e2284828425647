// Where an Openbridge redirect may lead (http-kit follows nothing else): Openbridge's API hosts and the configured base URLs.
import { hostsOfUrls } from '@obmcp/http-kit';
import type { Config } from '../config.js';

/** authentication., subscriptions., remote-identity., service. … (openbridge.md, embedded-api docs). */
const OPENBRIDGE_HOSTS = ['*.api.openbridge.io'];

export function openbridgeRedirectHosts(config: Pick<Config, 'urls'>): string[] {
  return [...OPENBRIDGE_HOSTS, ...hostsOfUrls(Object.values(config.urls))];
}
