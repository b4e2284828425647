// SP-API base URL by region and sandbox flag.
import type { Region } from '../config.js';

export function spBaseUrl(region: Region, sandbox: boolean): string {
  return `https://${sandbox ? 'sandbox.' : ''}sellingpartnerapi-${region}.amazon.com`;
}
