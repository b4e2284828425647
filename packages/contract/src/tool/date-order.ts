// One rule for a date range a tool takes as two arguments (ads-mcp run_report, openbridge-mcp create_job): the end is not before the start.
import { DomainValidationError } from './errors.js';

/** An argument: its name in the call and its ISO 8601 value (dates, or date-times in one zone, compare as text). */
export interface DateArgument {
  path: string;
  value: string;
}

/** Throws INPUT_VALIDATION_FAILED naming `end` when it is before `start`; an equal end is a one-day range. */
export function requireDateOrder(start: DateArgument, end: DateArgument): void {
  if (end.value >= start.value) return;
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: `${end.path} is before ${start.path}.`,
    details: [
      {
        path: end.path,
        issue: `${end.path} ${end.value} is before ${start.path} ${start.value}`,
        received_type: 'string',
      },
    ],
    hints: [`Send ${end.path} on or after ${start.value} (${start.path}).`],
  });
}
