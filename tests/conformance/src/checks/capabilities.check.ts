// Check: capabilities carry experimental.openbridge_envelope with contract_version 1 and a valid error_kinds subset.
import { ERROR_KINDS } from '@obmcp/contract';
import type { ReportBuilder } from '../report.js';
import type { EnvelopeCapability } from '../server-info.js';

export function checkCapabilities(report: ReportBuilder, capability: EnvelopeCapability | undefined): void {
  if (!capability) {
    report.fail(
      'capabilities.openbridge_envelope',
      'capabilities.experimental.openbridge_envelope is missing',
    );
    return;
  }
  report.expect(
    'capabilities.contract_version',
    capability.contract_version === 1
      ? []
      : [`contract_version is ${JSON.stringify(capability.contract_version)}, expected 1`],
  );
  const kinds = capability.error_kinds;
  const problems: string[] = [];
  if (!Array.isArray(kinds) || kinds.length === 0) problems.push('error_kinds is not a non-empty array');
  else {
    const outside = kinds.filter((k) => !(ERROR_KINDS as readonly unknown[]).includes(k));
    if (outside.length > 0)
      problems.push(`error_kinds outside the v1 taxonomy: ${outside.map(String).join(', ')}`);
    if (new Set(kinds).size !== kinds.length) problems.push('error_kinds has duplicates');
  }
  report.expect('capabilities.error_kinds', problems, Array.isArray(kinds) ? kinds.join(', ') : undefined);
}
