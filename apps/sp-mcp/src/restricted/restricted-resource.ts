// Which restricted operation a request calls, and the restricted resource its RDT must name.
import type { DataElement, RestrictedOperation } from './restricted-operations.js';
import { restrictedOperations } from './restricted-operations.js';

/** One entry of createRestrictedDataToken's `restrictedResources` (tokens_2021-03-01.json `RestrictedResource`). */
export interface RestrictedResource {
  method: RestrictedOperation['method'];
  path: string;
  dataElements?: DataElement[];
}

export interface RestrictedMatch {
  operation: RestrictedOperation;
  resource: RestrictedResource;
}

let templates: Array<{ operation: RestrictedOperation; pattern: RegExp }> | undefined;

function restrictedTemplates() {
  templates ??= restrictedOperations().map((operation) => ({
    operation,
    pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/?#]+')}$`),
  }));
  return templates;
}

/**
 * The restricted operation behind `method path` (the path as sent: encoded segments, query allowed), or
 * undefined for an unrestricted call. Conditional operations match too; the caller decides about them.
 */
export function matchRestricted(method: string, pathAndQuery: string): RestrictedMatch | undefined {
  const path = pathAndQuery.split('?')[0] ?? pathAndQuery;
  const hit = restrictedTemplates().find((t) => t.operation.method === method && t.pattern.test(path));
  if (!hit) return undefined;
  const { operation } = hit;
  return {
    operation,
    resource: {
      method: operation.method,
      path: operation.rdtPath === 'generic' ? operation.path : path,
      ...(operation.dataElements ? { dataElements: [...operation.dataElements] } : {}),
    },
  };
}
