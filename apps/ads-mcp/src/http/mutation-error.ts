// Reads Ads v3+ mutation errors `{errorType, errorValue:{<kind>:{reason, message, cause:{location}}}}`
// (SP/SB 207 items and 400 `errors[]`) into code, message and the payload location they point at.
import { boundText } from '@obmcp/contract';

export interface MutationError {
  /** The item's `reason` (e.g. ENTITY_NOT_FOUND), else its errorType. */
  code: string | undefined;
  message: string | undefined;
  /** errorType, e.g. 'malformedValueError'. */
  errorType: string | undefined;
  /** cause.location as Amazon sent it (a JSON path such as `$.campaigns[0].budget`). */
  location: string | undefined;
  /** The location as a JSON pointer without the leading slash (`campaigns/0/budget`). */
  pointer: string | undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** `$.campaigns[0].budget.budget` → `campaigns/0/budget/budget`; a plain name stays as it is. */
export function pointerOf(location: string): string {
  return location
    .replace(/^\$\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '')
    .join('/');
}

export function isMutationError(o: Record<string, unknown>): boolean {
  return o.errorValue !== undefined && typeof o.errorValue === 'object' && o.errorValue !== null;
}

export function readMutationError(o: Record<string, unknown>): MutationError {
  const selector = (o.errorValue ?? {}) as Record<string, unknown>;
  const value = Object.values(selector).find((v) => v && typeof v === 'object') as
    | Record<string, unknown>
    | undefined;
  const cause = (value?.cause ?? {}) as Record<string, unknown>;
  const location = str(cause.location);
  const errorType = str(o.errorType);
  const message = str(value?.message) ?? str(o.message);
  return {
    code: str(value?.reason) ?? errorType,
    message: message === undefined ? undefined : boundText(message, 300),
    errorType,
    location,
    pointer: location === undefined ? undefined : pointerOf(location),
  };
}
