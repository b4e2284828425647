// Catalog presets: how each server's catalog is built from its family of vendored specs.
import type { SpecFile } from '@obmcp/upstream-specs';
import type { CatalogOptions } from './build-catalog.js';

/** `orders-api-model/ordersV0.json` → `orders`; `external-fulfillment/…` → `external-fulfillment`. */
export function spToolsetOf(file: SpecFile): string {
  const folder = file.relPath.split('/')[1] ?? file.stem;
  return folder.replace(/-api-model$|-model$/, '');
}

/**
 * SP-API: toolsets are the model folders. POSTs that only create a read-side artefact (a report, a
 * Data Kiosk query, a restricted-data token, a fee estimate) are reads, as today's create_report is.
 */
export const SP_API_CATALOG: CatalogOptions = {
  family: 'sp-api',
  toolsetOf: spToolsetOf,
  readOperations: ['createReport', 'createQuery', 'createRestrictedDataToken', 'getMyFeesEstimates'],
};

/**
 * Amazon Ads: one toolset per spec file (stem in kebab case) until the Ads server defines its own
 * grouping; `AdsAPIv1All` loses method+path overlaps to the per-product AdsAPIv1 files. The identity
 * headers are the server's to send.
 */
export const AMAZON_ADS_CATALOG: CatalogOptions = {
  family: 'amazon-ads',
  toolsetOf: (file) => snakeToKebab(file.stem),
  serverHeaders: ['Amazon-Advertising-API-ClientId', 'Amazon-Advertising-API-Scope', 'Authorization'],
  preferFile: (a, b) => rank(a) - rank(b),
};

function rank(file: SpecFile): number {
  return file.stem === 'AdsAPIv1All' ? 1 : 0;
}

function snakeToKebab(stem: string): string {
  return stem
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

export const CATALOG_PRESETS: Record<string, CatalogOptions> = {
  'sp-api': SP_API_CATALOG,
  'amazon-ads': AMAZON_ADS_CATALOG,
};
