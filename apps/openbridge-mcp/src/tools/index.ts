// Assembles the tool list: read tools always, privileged and query-execution ones only when enabled, plus get_capabilities.
import type { ToolDefinition } from '@obmcp/contract';
import { amazonTokenTools } from './amazon-token.tools.js';
import { capabilitiesTool } from './capabilities.tools.js';
import { PRIVILEGED_TOOLS, QUERY_EXECUTION_TOOLS } from '../operations/listing.js';
import type { ToolDeps } from './deps.js';
import { healthcheckTools } from './healthchecks.tools.js';
import { jobWriteTools } from './job-writes.tools.js';
import { jobReadTools } from './jobs.tools.js';
import { productTools } from './products.tools.js';
import { queryTools } from './query.tools.js';
import { remoteIdentityTools } from './remote-identities.tools.js';
import { subscriptionWriteTools } from './subscription-writes.tools.js';
import { subscriptionReadTools } from './subscriptions.tools.js';
import { tableTools } from './tables.tools.js';

export function createTools(deps: ToolDeps): ToolDefinition[] {
  const all = [
    ...remoteIdentityTools(deps),
    ...subscriptionReadTools(deps),
    ...subscriptionWriteTools(deps),
    ...jobReadTools(deps),
    ...jobWriteTools(deps),
    ...productTools(deps),
    ...tableTools(deps),
    ...healthcheckTools(deps),
    ...amazonTokenTools(deps),
    ...queryTools(deps),
  ];
  const enabled = all.filter(
    (t) =>
      (deps.config.privilegedTools || !PRIVILEGED_TOOLS.has(t.name)) &&
      (deps.config.queryExecution || !QUERY_EXECUTION_TOOLS.has(t.name)),
  );
  return [capabilitiesTool(deps.config), ...enabled];
}
