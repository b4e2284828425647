// Corrections applied on read to spec values that contradict their own documentation (the files stay as published).
import type { SpecFile } from './spec-files.js';

export interface SpecErratum {
  family: SpecFile['family'];
  stem: string;
  /** JSON pointer (RFC 6901) of the corrected value. */
  pointer: string;
  /** The value as published; the correction applies only while the file still says this. */
  published: unknown;
  corrected: unknown;
  reason: string;
}

const BILLING_DATE_REASON =
  'The pattern is a JavaScript regex literal: its delimiting slashes became part of the pattern, so no ' +
  'string can match it and be a `format: date` "in the format YYYY-MM-DD" (the description) at once. ' +
  'Without the slashes it is the date the description asks for.';

/** Every correction, each with its reason. Keep this list short: a spec that can be read as it stands is. */
export const SPEC_ERRATA: readonly SpecErratum[] = ['startDate', 'endDate'].map((field) => ({
  family: 'amazon-ads',
  stem: 'AccountsBilling',
  pointer: `/components/schemas/CreateBillingStatementRequest/properties/${field}/pattern`,
  published: '/([0-9]{4})-(?:[0-9]{2})-([0-9]{2})/',
  corrected: '([0-9]{4})-(?:[0-9]{2})-([0-9]{2})',
  reason: BILLING_DATE_REASON,
}));

const decodeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The object holding the pointer's last token, and that token; undefined when the path is absent. */
function parentOf(doc: unknown, pointer: string): [Record<string, unknown>, string] | undefined {
  const tokens = pointer.split('/').slice(1).map(decodeToken);
  const last = tokens.pop();
  let node: unknown = doc;
  for (const token of tokens) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return typeof node === 'object' && node !== null && last !== undefined
    ? [node as Record<string, unknown>, last]
    : undefined;
}

/** The errata of this file whose published value the document still holds. */
export function pendingErrata(file: SpecFile, doc: unknown): SpecErratum[] {
  return SPEC_ERRATA.filter((e) => {
    if (e.family !== file.family || e.stem !== file.stem) return false;
    const at = parentOf(doc, e.pointer);
    return at !== undefined && JSON.stringify(at[0][at[1]]) === JSON.stringify(e.published);
  });
}

/** Applies this file's errata in place (only where the published value is still there). */
export function applyErrata<T>(file: SpecFile, doc: T): T {
  for (const erratum of pendingErrata(file, doc)) {
    const at = parentOf(doc, erratum.pointer);
    if (at) at[0][at[1]] = erratum.corrected;
  }
  return doc;
}
