// What every tool factory receives: the operation binder, the JWT provider and the config.
import type { JwtProvider } from '../auth/jwt-provider.js';
import type { Config } from '../config.js';
import type { Operations } from '../operations/bind.js';

export interface ToolDeps {
  /** The only way a tool reaches Openbridge: `one`/`many` declare the operations it calls (operations/bind.ts). */
  operations: Operations;
  jwt: JwtProvider;
  config: Config;
}

/**
 * The largest id a JSON number carries exactly (2^53 - 1): a larger one has already been rounded when the call's
 * JSON was read, so it is refused (SCHEMA_MAXIMUM) rather than sent as a different id.
 */
export const MAX_EXACT_ID = 9_007_199_254_740_991;

/** A positive integer id; `"123"` is a SCHEMA_TYPE_MISMATCH by design (contract type conventions). */
export const idSchema = (description: string) =>
  ({ type: 'integer', minimum: 1, maximum: MAX_EXACT_ID, description }) as const;
