// Does an operation change upstream state? GET never; other methods unless the operation only reads.
import type { HttpMethod } from '../catalog-types.js';

/** POST operations named like these read (searches, batch gets, estimates, previews). */
const READ_VERBS =
  /^(get|list|search|query|describe|find|estimate|preview|validate|check|compute|calculate|retrieve|batchGet)/i;

export function isWrite(
  method: HttpMethod,
  operationId: string,
  readOperations: ReadonlySet<string>,
): boolean {
  if (method === 'GET') return false;
  if (readOperations.has(operationId)) return false;
  if (method === 'DELETE' || method === 'PUT' || method === 'PATCH') return true;
  return !READ_VERBS.test(operationId);
}
