// Every call the checks made, kept for the caller (kinds seen, golden fixtures, parity).
import type { CaseKind } from './cases/types.js';
import type { CallOutcome } from './invoke.js';

export interface Observation {
  /** The check id the call belongs to. */
  check: string;
  tool: string;
  caseKind?: CaseKind | 'unknown_tool' | 'example';
  args: unknown;
  /** The bad argument's shape (see BadInputCase.shape). */
  shape?: string;
  outcome: CallOutcome;
}
