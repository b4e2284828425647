// Check: get_envelope_contract is listed and answers the canonical mapping, version and advertised kinds.
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { ERROR_CODE_MAPPING } from '@obmcp/contract';
import { isDeepStrictEqual } from 'node:util';
import { describeOutcome, invokeTool } from '../invoke.js';
import type { Observation } from '../observation.js';
import type { ReportBuilder } from '../report.js';

export const CONTRACT_TOOL = 'get_envelope_contract';

/** Returns the tool's answer (undefined when it is missing or failed). */
export async function checkContractTool(
  report: ReportBuilder,
  client: Client,
  tools: readonly Tool[],
  advertised: readonly string[] | undefined,
  observations: Observation[],
  timeoutMs: number,
): Promise<Record<string, unknown> | undefined> {
  const id = 'contract_tool';
  if (!tools.some((t) => t.name === CONTRACT_TOOL)) {
    report.fail(`${id}.listed`, `${CONTRACT_TOOL} is not in tools/list`);
    return undefined;
  }
  // The run's per-call timeout, like every other call: it is often a cold server's first call.
  const outcome = await invokeTool(client, CONTRACT_TOOL, {}, timeoutMs);
  observations.push({ check: `${id}.answers`, tool: CONTRACT_TOOL, args: {}, outcome });
  if (outcome.type !== 'result' || outcome.value === null || typeof outcome.value !== 'object') {
    report.fail(`${id}.answers`, `expected an object, got ${describeOutcome(outcome)}`);
    return undefined;
  }
  const answer = outcome.value as Record<string, unknown>;
  report.pass(`${id}.answers`);
  report.expect(
    `${id}.mapping`,
    isDeepStrictEqual(answer.mapping, ERROR_CODE_MAPPING)
      ? []
      : ['mapping differs from the canonical jsonschema_error_codes.json'],
  );
  report.expect(
    `${id}.contract_version`,
    answer.contract_version === 1 ? [] : [`contract_version is ${JSON.stringify(answer.contract_version)}`],
  );
  const kinds = Array.isArray(answer.error_kinds) ? [...answer.error_kinds].map(String).sort() : undefined;
  const same =
    kinds !== undefined && advertised !== undefined && isDeepStrictEqual(kinds, [...advertised].sort());
  report.expect(
    `${id}.error_kinds`,
    same
      ? []
      : [
          `error_kinds ${JSON.stringify(answer.error_kinds)} differ from capabilities ${JSON.stringify(advertised ?? null)}`,
        ],
  );
  return answer;
}
