// runConformance: every check against one connected SDK Client → a structured report plus what was observed.
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { CASE_KINDS, type CaseKind } from './cases/types.js';
import type { CallPolicy } from './checks/call-policy.js';
import { planCalls, runCalls } from './checks/calls.check.js';
import { checkCapabilities } from './checks/capabilities.check.js';
import { checkContractTool } from './checks/contract-tool.check.js';
import { checkTestHook } from './checks/test-hook.check.js';
import { checkToolShapes } from './checks/tools.check.js';
import { envelopeProblems } from './envelope-rules.js';
import { DEFAULT_CALL_TIMEOUT_MS } from './invoke.js';
import type { Observation } from './observation.js';
import { type ConformanceReport, ReportBuilder } from './report.js';
import {
  advertisedKinds,
  type ContractSwitches,
  envelopeCapability,
  listAllTools,
  switchesFrom,
} from './server-info.js';

export const SECTIONS = [
  'capabilities',
  'contract_tool',
  'tools',
  'examples',
  'bad_input',
  'unknown_tool',
  'test_hook',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface ConformanceOptions {
  /** `SP_API` | `ADS_API` | `OPENBRIDGE`: upstream HTTP codes must carry it. */
  prefix?: string;
  /** Tools that may receive calls the server should accept (examples, normalization cases). Default read-only. */
  execute?: CallPolicy;
  /** Tools that may receive invalid arguments. Default read-only. */
  probe?: CallPolicy;
  sections?: readonly Section[];
  cases?: readonly CaseKind[];
  /** Every call's timeout, get_envelope_contract's included (default DEFAULT_CALL_TIMEOUT_MS). */
  callTimeoutMs?: number;
  concurrency?: number;
}

export interface ConformanceRun {
  report: ConformanceReport;
  observations: Observation[];
  tools: Tool[];
  /** get_envelope_contract's answer, when it gave one. */
  contract?: Record<string, unknown>;
  switches: ContractSwitches;
  advertisedKinds?: string[];
}

export async function runConformance(
  client: Client,
  options: ConformanceOptions = {},
): Promise<ConformanceRun> {
  const sections = new Set<Section>(options.sections ?? SECTIONS);
  const report = new ReportBuilder();
  const observations: Observation[] = [];
  const capability = envelopeCapability(client);
  const advertised = advertisedKinds(capability);
  if (sections.has('capabilities')) checkCapabilities(report, capability);
  let tools: Tool[] = [];
  try {
    tools = await listAllTools(client);
  } catch (error) {
    report.fail(
      'tools.listed',
      `tools/list failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const timeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const contract = sections.has('contract_tool')
    ? await checkContractTool(report, client, tools, advertised, observations, timeoutMs)
    : undefined;
  const switches = switchesFrom(contract);
  if (sections.has('tools')) checkToolShapes(report, tools);
  const plan = planCalls(
    tools,
    {
      execute: options.execute ?? 'read-only',
      probe: options.probe ?? 'read-only',
      examples: sections.has('examples'),
      badInput: sections.has('bad_input'),
      unknownTool: sections.has('unknown_tool'),
      cases: options.cases ?? CASE_KINDS,
      switches,
    },
    report,
  );
  const ctx = {
    ...(advertised ? { advertisedKinds: advertised } : {}),
    ...(options.prefix ? { prefix: options.prefix } : {}),
    // Only a server that reports its switches can be held to the META gate.
    metaOn: contract ? switches.normalizationMeta && switches.normalizationEnabled : undefined,
    timeoutMs,
  };
  await runCalls(client, plan, ctx, options.concurrency ?? 4, report, observations);
  if (sections.has('test_hook')) await checkTestHook(report, client, tools, ctx.timeoutMs, observations);
  const envelopes = observations.flatMap((o) => (o.outcome.type === 'envelope' ? [o.outcome.envelope] : []));
  const bad = envelopes.filter((e) => envelopeProblems(e, ctx).length > 0).length;
  report.expect(
    'envelopes.conform',
    bad === 0 ? [] : [`${bad} of ${envelopes.length} envelopes break the contract (see the failing checks)`],
    `${envelopes.length} envelopes checked`,
  );
  const version = client.getServerVersion();
  const run: ConformanceRun = {
    report: report.summarize({
      ...(version?.name ? { name: version.name } : {}),
      ...(version?.version ? { version: version.version } : {}),
    }),
    observations,
    tools,
    switches,
  };
  if (contract) run.contract = contract;
  if (advertised) run.advertisedKinds = advertised;
  return run;
}
