// A bad-input case derived from a tool's schema: the arguments to send and what must come back.
import type { NormalizationKind } from '@obmcp/contract';

export const CASE_KINDS = [
  'missing_required',
  'wrong_type',
  'nested_wrong_type',
  'unknown_key',
  'enum_miss',
  'string_too_long',
  'array_too_long',
  'case_mismatch',
  'scalar_for_array',
] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

export interface ExpectedEvent {
  kind: NormalizationKind;
  /** Fields the event must carry with these values (e.g. `{ from: 'MarketplaceIds', to: 'marketplaceIds' }`). */
  match: Record<string, string>;
}

export type Expectation =
  | {
      type: 'error';
      /** Acceptable error_code values (the first is the expected primary one). */
      codes: readonly string[];
      /** A details[] entry must have this path … */
      path?: string;
      /** … and carry these machine fields. */
      detailFields?: readonly string[];
      /** Expected in `_meta.hint_categories` (when the server publishes it). */
      hintCategory?: string;
      event?: ExpectedEvent;
    }
  | {
      /** Not rejected by schema validation (success, or a failure past validation). */
      type: 'accepted';
      event?: ExpectedEvent;
    };

export interface BadInputCase {
  kind: CaseKind;
  tool: string;
  /** What was changed, e.g. `marketplaceIds removed`. */
  label: string;
  args: Record<string, unknown>;
  expect: Expectation;
  /** What the bad argument looks like (e.g. `string`, `integer+enum`, `required`): parity compares like with like. */
  shape?: string;
}
