// The hint tables this server hands to the contract (keyRenames, valueAliases, enumLabels).
import type { HintTables } from '@obmcp/contract';
import { KEY_RENAMES } from './key-renames.js';
import { MARKETPLACE_ALIASES, MARKETPLACE_LABELS } from './marketplaces.js';
import { REGION_ALIASES } from './region-aliases.js';

export const HINT_TABLES: HintTables = {
  keyRenames: KEY_RENAMES,
  valueAliases: {
    region: REGION_ALIASES,
    marketplaceIds: MARKETPLACE_ALIASES,
    marketplaceId: MARKETPLACE_ALIASES,
    granularityId: MARKETPLACE_ALIASES,
  },
  enumLabels: {
    marketplaceIds: MARKETPLACE_LABELS,
    marketplaceId: MARKETPLACE_LABELS,
    granularityId: MARKETPLACE_LABELS,
  },
};
