// The preload's startup check of the OBMCP_MOCK_* switches: a typo is a startup error, not a strange 500 later.
import { FAULT_SCENARIOS } from './faults.js';
import { OPENBRIDGE_FAULTS } from './openbridge/rules-search.js';
import { bucketRule, count, mockSettings, positive, raw, readSwitchFile, wholeNumber } from './settings.js';

const shown = (v: string): string => JSON.stringify(v.slice(0, 40));

const unitOf = (name: string): string =>
  name.endsWith('TTL')
    ? 'seconds'
    : name.endsWith('_MS')
      ? 'milliseconds'
      : name.endsWith('POLLS')
        ? 'polls'
        : name.endsWith('ORDERS')
          ? 'orders'
          : 'tokens';

/** Problems with the switches as set (one line each); the preload refuses to start on any. */
export function checkMockSettings(): string[] {
  const problems: string[] = [];
  for (const name of [
    'OBMCP_MOCK_LATENCY_MS',
    'OBMCP_MOCK_EXPIRED_TOKENS',
    'OBMCP_MOCK_OPENBRIDGE_JWT_TTL',
    'OBMCP_MOCK_ADS_REPORT_POLLS',
    'OBMCP_MOCK_SP_REPORT_MS',
    'OBMCP_MOCK_ADS_JOB_MS',
    'OBMCP_MOCK_SP_ORDERS',
  ]) {
    const v = raw(name);
    if (v !== undefined && count(name) === undefined)
      problems.push(`${name} must be a whole number of ${unitOf(name)} (got ${shown(v)})`);
  }
  const latencyFile = raw('OBMCP_MOCK_LATENCY_FILE');
  // A missing or empty file is allowed: the upstream is fast until the file says otherwise.
  const latency = latencyFile === undefined ? undefined : readSwitchFile(latencyFile);
  if (latency !== undefined && wholeNumber(latency) === undefined)
    problems.push(`OBMCP_MOCK_LATENCY_FILE must hold a whole number of milliseconds (got ${shown(latency)})`);
  for (const channel of ['api', 'auth'] as const) {
    const v = mockSettings.fault(channel);
    if (v !== undefined && v !== 'none' && !(FAULT_SCENARIOS as readonly string[]).includes(v))
      problems.push(
        `${channel === 'api' ? 'OBMCP_MOCK_FAULT' : 'OBMCP_MOCK_AUTH_FAULT'} must be none or one of ${FAULT_SCENARIOS.join(', ')} (got ${shown(v)})`,
      );
  }
  const obFault = mockSettings.openbridgeFault();
  if (obFault !== undefined && !(OPENBRIDGE_FAULTS as readonly string[]).includes(obFault))
    problems.push(
      `OBMCP_MOCK_OPENBRIDGE_FAULT must be none or one of ${OPENBRIDGE_FAULTS.join(', ')} (got ${shown(obFault)})`,
    );
  const status = raw('OBMCP_MOCK_OPENBRIDGE_AUTH_STATUS');
  if (status !== undefined && status !== '200' && status !== '202')
    problems.push(`OBMCP_MOCK_OPENBRIDGE_AUTH_STATUS must be 200 or 202 (got ${shown(status)})`);
  const outcome = raw('OBMCP_MOCK_ADS_JOB_OUTCOME');
  if (outcome !== undefined && outcome !== 'failed' && outcome !== 'succeeded')
    problems.push(`OBMCP_MOCK_ADS_JOB_OUTCOME must be succeeded or failed (got ${shown(outcome)})`);
  const rate = mockSettings.spRateHeader();
  if (rate !== undefined && rate !== 'off' && !(Number(rate) > 0))
    problems.push(`OBMCP_MOCK_SP_RATE_HEADER must be off or a positive number (got ${shown(rate)})`);
  const throttle = raw('OBMCP_MOCK_THROTTLE');
  if (throttle !== undefined && throttle !== 'off' && throttle !== 'documented')
    problems.push(`OBMCP_MOCK_THROTTLE must be off or documented (got ${shown(throttle)})`);
  const scale = raw('OBMCP_MOCK_RATE_SCALE');
  if (scale !== undefined && positive(scale) === undefined)
    problems.push(`OBMCP_MOCK_RATE_SCALE must be a positive number (got ${shown(scale)})`);
  const ads = raw('OBMCP_MOCK_ADS_THROTTLE');
  if (ads !== undefined && bucketRule(ads) === undefined)
    problems.push(`OBMCP_MOCK_ADS_THROTTLE must be <rate>/<burst>, e.g. 10/10 (got ${shown(ads)})`);
  return problems;
}
