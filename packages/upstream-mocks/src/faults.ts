// The fault scenarios every mocked upstream understands (see shared/spec/mock-faults.md).
import { readFileSync } from 'node:fs';

export const FAULT_SCENARIOS = [
  'http_401',
  'http_403',
  'http_404',
  'http_429',
  'http_429_retry_after',
  'http_500',
  'http_503_retry_after',
  'html_200',
  'truncated_json',
  'timeout',
  'reset',
  'warning_header',
] as const;
export type FaultScenario = (typeof FAULT_SCENARIOS)[number];

/** `api`: the API hosts (OBMCP_MOCK_FAULT); `auth`: credential exchanges (OBMCP_MOCK_AUTH_FAULT). */
export type FaultChannel = 'api' | 'auth';

const overrides: Partial<Record<FaultChannel, FaultScenario | null>> = {};

export function isFaultScenario(value: unknown): value is FaultScenario {
  return typeof value === 'string' && (FAULT_SCENARIOS as readonly string[]).includes(value);
}

/** Set (or clear with null) a fault in this process, overriding the env var. For in-process tests. */
export function setFault(channel: FaultChannel, scenario: FaultScenario | null | undefined): void {
  if (scenario === undefined) delete overrides[channel];
  else overrides[channel] = scenario;
}

/** The fault in force for a channel, read at request time. Unknown names throw loudly. */
export function activeFault(channel: FaultChannel): FaultScenario | undefined {
  const override = overrides[channel];
  if (override !== undefined) return override ?? undefined;
  const variable = channel === 'api' ? 'OBMCP_MOCK_FAULT' : 'OBMCP_MOCK_AUTH_FAULT';
  const file = process.env[`${variable}_FILE`];
  const raw = file ? readScenarioFile(file) : process.env[variable];
  if (raw === undefined || raw === '' || raw === 'none') return undefined;
  if (!isFaultScenario(raw)) throw new Error(`unknown mock fault scenario: ${raw}`);
  return raw;
}

/**
 * `OBMCP_MOCK_FAULT_FILE=<path>` (or `OBMCP_MOCK_AUTH_FAULT_FILE`): the scenario is the file's content, read
 * at request time, so a test switches the fault of a running server between calls; a missing file is no fault.
 */
function readScenarioFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Status and Retry-After implied by an http_* scenario. */
export function httpFaultOf(scenario: FaultScenario): { status: number; retryAfter?: string } | undefined {
  switch (scenario) {
    case 'http_401':
      return { status: 401 };
    case 'http_403':
      return { status: 403 };
    case 'http_404':
      return { status: 404 };
    case 'http_429':
      return { status: 429 };
    case 'http_429_retry_after':
      return { status: 429, retryAfter: '2' };
    case 'http_500':
      return { status: 500 };
    case 'http_503_retry_after':
      return { status: 503, retryAfter: '2' };
    default:
      return undefined;
  }
}
