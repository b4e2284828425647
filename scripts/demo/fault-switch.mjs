// Demo-only preload: before each upstream fetch, sets OBMCP_MOCK_FAULT from the file named by OBMCP_DEMO_FAULT_FILE.
import { readFileSync } from 'node:fs';

const file = process.env.OBMCP_DEMO_FAULT_FILE;
const upstreamFetch = globalThis.fetch;

function currentFault() {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

if (file) {
  globalThis.fetch = (input, init) => {
    const fault = currentFault();
    if (fault === '') delete process.env.OBMCP_MOCK_FAULT;
    else process.env.OBMCP_MOCK_FAULT = fault;
    return upstreamFetch(input, init);
  };
}
