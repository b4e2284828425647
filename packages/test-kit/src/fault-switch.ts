// A fault switch for a running server: the mocks read OBMCP_MOCK_FAULT_FILE (API hosts) or
// OBMCP_MOCK_AUTH_FAULT_FILE (credential exchanges) at every upstream request.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FaultChannel, FaultScenario } from '@obmcp/upstream-mocks';

export interface FaultSwitch {
  /** Env var that points the server's mocks at this switch. */
  env: Record<string, string>;
  set(scenario: FaultScenario | 'none'): void;
  dispose(): void;
}

const FILE_VARIABLE: Record<FaultChannel, string> = {
  api: 'OBMCP_MOCK_FAULT_FILE',
  auth: 'OBMCP_MOCK_AUTH_FAULT_FILE',
};

/** A switch for the API hosts (default) or the credential exchanges (`auth`), starting at `none`. */
export function createFaultSwitch(channel: FaultChannel = 'api'): FaultSwitch {
  const dir = mkdtempSync(join(tmpdir(), 'obmcp-fault-'));
  const file = join(dir, 'fault');
  writeFileSync(file, 'none');
  return {
    env: { [FILE_VARIABLE[channel]]: file },
    set: (scenario) => writeFileSync(file, scenario),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
