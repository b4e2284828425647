// Plays one scripted agent session against one server over stdio (mocked upstream) and records each row.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planRetry } from './recover.mjs';

const FAULT_SWITCH = fileURLToPath(new URL('./fault-switch.mjs', import.meta.url));
const CALL_TIMEOUT_MS = 30_000;

/** kit: the built @obmcp/test-kit module; tmp: a scratch dir for the fault-switch file. */
export async function playSession(kit, session, tmp) {
  const faultFile = join(tmp, `${session.app}.fault`);
  writeFileSync(faultFile, '');
  const server = await kit.startServer({
    command: process.execPath,
    args: ['--import', kit.MOCKS_PRELOAD, '--import', FAULT_SWITCH, kit.appEntry(session.app)],
    env: { MCP_SCHEMA_KEY_NORMALIZATION_META: 'true', OBMCP_DEMO_FAULT_FILE: faultFile },
    timeoutMs: 90_000,
  });
  const call = (tool, args) => kit.callTool(server.client, tool, args, CALL_TIMEOUT_MS);
  try {
    const ok = await call(session.success.tool, session.success.args);
    const success = { tool: session.success.tool, result: ok.result, envelope: ok.envelope };
    const rows = [];
    for (const step of session.steps) {
      writeFileSync(faultFile, step.fault ?? '');
      const first = await call(step.tool, step.args);
      writeFileSync(faultFile, '');
      rows.push(await recoverRow(step, first, call));
    }
    return { app: session.app, note: session.note, success, rows };
  } finally {
    await server.close();
  }
}

async function recoverRow(step, first, call) {
  const row = { label: step.label, tool: step.tool, expect: step.expect, envelope: first.envelope };
  if (!first.envelope) return { ...row, recovered: 'n/a', how: 'call succeeded' };
  const plan = planRetry(first.envelope, step.tool, step.args);
  if (!plan) return { ...row, recovered: 'no', how: 'not retryable; hints are for a human' };
  if (plan.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.waitMs));
  const retry = await call(plan.tool, plan.args);
  return { ...row, recovered: retry.envelope ? 'no' : 'yes', how: plan.how, retryEnvelope: retry.envelope };
}
