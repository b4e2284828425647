// SP-API base URL: the SP_API_ENDPOINT override, else the region's (sandbox) host.
import type { Region } from '../config.js';

export function spBaseUrl(region: Region, sandbox: boolean, endpoint?: string): string {
  return endpoint ?? `https://${sandbox ? 'sandbox.' : ''}sellingpartnerapi-${region}.amazon.com`;
}
