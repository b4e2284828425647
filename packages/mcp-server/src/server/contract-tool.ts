// get_envelope_contract: the contract as data, the same mapping on every server.
import type { ContractSettings } from '../config/env.js';
import { CONTRACT_ENV } from '../config/env.js';
import { READ_LOCAL } from '@obmcp/contract/internal/tool/annotations.js';
import { ERROR_KINDS, NORMALIZATION_KINDS } from '@obmcp/contract/internal/taxonomy.js';
import { HINT_CATEGORIES } from '@obmcp/contract/internal/hints/categories.js';
import { ERROR_CODE_MAPPING } from '@obmcp/contract/internal/validation/mapping.js';
import { CONTRACT_VERSION } from '@obmcp/contract/internal/version.js';
import type { ServerProfile, ToolDefinition } from '@obmcp/contract/internal/tool/types.js';

export const ENVELOPE_CONTRACT_TOOL = 'get_envelope_contract';

export function envelopeContractTool(profile: ServerProfile, settings: ContractSettings): ToolDefinition {
  return {
    name: ENVELOPE_CONTRACT_TOOL,
    title: 'Error envelope contract',
    description:
      'Returns the v1 error envelope contract this server implements: contract_version, the error_kinds it emits, the canonical validator → error_code mapping, normalization event kinds, hint categories and the active env switches.',
    annotations: READ_LOCAL,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false, examples: [{}] },
    handler: () => ({
      contract_version: CONTRACT_VERSION,
      server: profile.name,
      error_kinds: [...profile.errorKinds],
      taxonomy: [...ERROR_KINDS],
      normalization_kinds: [...NORMALIZATION_KINDS],
      hint_categories: [...HINT_CATEGORIES],
      mapping: ERROR_CODE_MAPPING,
      settings: {
        [CONTRACT_ENV.normalizationEnabled]: settings.normalizationEnabled,
        [CONTRACT_ENV.normalizationMeta]: settings.normalizationMeta,
        [CONTRACT_ENV.strictUnknown]: settings.strictUnknown,
      },
    }),
  };
}
