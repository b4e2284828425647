// What a server says about itself: capabilities block and get_envelope_contract answer.
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';

export interface EnvelopeCapability {
  contract_version?: unknown;
  error_kinds?: unknown;
}

export interface ContractSwitches {
  normalizationEnabled: boolean;
  normalizationMeta: boolean;
  strictUnknown: boolean;
}

export const DEFAULT_SWITCHES: ContractSwitches = {
  normalizationEnabled: true,
  normalizationMeta: false,
  strictUnknown: true,
};

export function envelopeCapability(client: Client): EnvelopeCapability | undefined {
  const experimental = client.getServerCapabilities()?.experimental as Record<string, unknown> | undefined;
  const block = experimental?.openbridge_envelope;
  return block !== null && typeof block === 'object' ? (block as EnvelopeCapability) : undefined;
}

export function advertisedKinds(capability: EnvelopeCapability | undefined): string[] | undefined {
  const kinds = capability?.error_kinds;
  return Array.isArray(kinds) && kinds.every((k) => typeof k === 'string') ? kinds : undefined;
}

/** Every tool, following pagination cursors. */
export async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...res.tools);
    cursor = res.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

/** The env switches as get_envelope_contract reports them (defaults when it does not). */
export function switchesFrom(contract: unknown): ContractSwitches {
  const settings = (contract as { settings?: Record<string, unknown> } | undefined)?.settings;
  if (!settings) return DEFAULT_SWITCHES;
  const read = (key: string, fallback: boolean) =>
    typeof settings[key] === 'boolean' ? (settings[key] as boolean) : fallback;
  return {
    normalizationEnabled: read('MCP_SCHEMA_KEY_NORMALIZATION_ENABLED', true),
    normalizationMeta: read('MCP_SCHEMA_KEY_NORMALIZATION_META', false),
    strictUnknown: read('MCP_STRICT_UNKNOWN_FIELDS', true),
  };
}
