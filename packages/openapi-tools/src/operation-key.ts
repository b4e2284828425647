// The identity a request to a catalog operation carries (limiter bucket and usage plan, logs): unique per
// operation even where a spec repeats an operationId (shippingV2 declares linkCarrierAccount on PUT and POST).
import type { Catalog, CatalogOperation } from './catalog-types.js';

const repeated = new WeakMap<Catalog, Set<string>>();

function repeatedIds(catalog: Catalog): Set<string> {
  let set = repeated.get(catalog);
  if (!set) {
    const seen = new Set<string>();
    set = new Set();
    for (const { meta } of catalog.operations) {
      const id = `${meta.api}.${meta.operationId}`;
      if (seen.has(id)) set.add(id);
      seen.add(id);
    }
    repeated.set(catalog, set);
  }
  return set;
}

/** `<api>.<operationId>`, with `.<METHOD>` appended when the spec file repeats the operationId. */
export function operationKey(catalog: Catalog, op: Pick<CatalogOperation, 'meta'>): string {
  const id = `${op.meta.api}.${op.meta.operationId}`;
  return repeatedIds(catalog).has(id) ? `${id}.${op.meta.method}` : id;
}
