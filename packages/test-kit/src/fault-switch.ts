// A fault switch for a running server: the mocks read OBMCP_MOCK_FAULT_FILE at every upstream request.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FaultScenario } from '@obmcp/upstream-mocks';

export interface FaultSwitch {
  /** Env var that points the server's mocks at this switch. */
  env: { OBMCP_MOCK_FAULT_FILE: string };
  set(scenario: FaultScenario | 'none'): void;
  dispose(): void;
}

export function createFaultSwitch(): FaultSwitch {
  const dir = mkdtempSync(join(tmpdir(), 'obmcp-fault-'));
  const file = join(dir, 'fault');
  writeFileSync(file, 'none');
  return {
    env: { OBMCP_MOCK_FAULT_FILE: file },
    set: (scenario) => writeFileSync(file, scenario),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
