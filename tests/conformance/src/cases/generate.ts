// Derives every applicable bad-input case for a tool from its published inputSchema (no hand-written cases).
import type { ContractSwitches } from '../server-info.js';
import { arrayTooLong, scalarForArray } from './array-cases.js';
import { enumMiss, missingRequired, nestedWrongType, stringTooLong, wrongType } from './error-cases.js';
import { caseMismatch, unknownKey } from './key-cases.js';
import type { ToolLike } from './pick.js';
import type { BadInputCase, CaseKind } from './types.js';

const GENERATORS: Record<CaseKind, (tool: ToolLike, s: ContractSwitches) => BadInputCase | undefined> = {
  missing_required: (t) => missingRequired(t),
  wrong_type: (t) => wrongType(t),
  nested_wrong_type: (t) => nestedWrongType(t),
  unknown_key: (t, s) => unknownKey(t, s),
  enum_miss: (t) => enumMiss(t),
  string_too_long: (t) => stringTooLong(t),
  array_too_long: (t) => arrayTooLong(t),
  case_mismatch: (t, s) => caseMismatch(t, s),
  scalar_for_array: (t, s) => scalarForArray(t, s.normalizationEnabled),
};

export interface GeneratedCases {
  cases: BadInputCase[];
  /** Kinds the schema has no feature for (e.g. no enum anywhere). */
  skipped: CaseKind[];
}

export function generateCases(
  tool: ToolLike,
  switches: ContractSwitches,
  kinds: readonly CaseKind[],
): GeneratedCases {
  const cases: BadInputCase[] = [];
  const skipped: CaseKind[] = [];
  for (const kind of kinds) {
    const generated = GENERATORS[kind](tool, switches);
    if (generated) cases.push(generated);
    else skipped.push(kind);
  }
  return { cases, skipped };
}
