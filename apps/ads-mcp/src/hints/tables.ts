// Ads hint tables: region value aliases and curated key renames (data only; the algorithm is the contract's).
import type { HintTables } from '@obmcp/contract';

export const REGION_ALIASES: Readonly<Record<string, string>> = {
  usa: 'na',
  us: 'na',
  america: 'na',
  northamerica: 'na',
  unitedstates: 'na',
  europe: 'eu',
  eu: 'eu',
  uk: 'eu',
  de: 'eu',
  europeanunion: 'eu',
  euro: 'eu',
  asia: 'fe',
  apac: 'fe',
  fareast: 'fe',
  asiapacific: 'fe',
  japan: 'fe',
  jp: 'fe',
};

export const HINT_TABLES: HintTables = {
  keyRenames: {
    profile_id: 'profileId',
    ProfileId: 'profileId',
    identity_id: 'identityId',
    report_id: 'reportId',
    instance_id: 'instanceId',
    max_results: 'maxResults',
    next_token: 'nextToken',
    state_filter: 'stateFilter',
    campaign_id_filter: 'campaignIdFilter',
    sql_query: 'sqlQuery',
    workflow_id: 'workflowId',
    workflow_execution_id: 'workflowExecutionId',
  },
  valueAliases: { region: REGION_ALIASES },
};
