// The ads-mcp tool list: reads always (Openbridge identity tools in brokered mode), the write factories only with ADS_API_ENABLE_WRITES=true.
import type { ToolDefinition } from '@obmcp/contract';
import { amcTools } from './amc.tools.js';
import { amcLibraryTools } from './amc-library.tools.js';
import { amcResultsTool } from './amc-results.tool.js';
import { campaignReadTools } from './campaign-reads.tools.js';
import type { ToolDeps } from './deps.js';
import { identityTools } from './identities.tools.js';
import { profileTools } from './profiles.tools.js';
import { regionTools } from './regions.tools.js';
import { reportingTools } from './reporting.tools.js';
import { runAmcQueryTool } from './run-amc-query.tool.js';
import { runExportTool } from './run-export.tool.js';
import { runReportTool } from './run-report.tool.js';
import { runSnapshotTool } from './run-snapshot.tool.js';
import { spReadTools } from './sp-read.tools.js';
import { spTargetingTools, spTargetingWriteTools } from './sp-targeting.tools.js';
import { spWriteTools } from './sp-write.tools.js';

export function createTools(ctx: ToolDeps): ToolDefinition[] {
  const amc = amcTools(ctx);
  const reads = [
    ...profileTools(ctx),
    ...regionTools(ctx),
    ...identityTools(ctx),
    ...spReadTools(ctx),
    ...spTargetingTools(ctx),
    ...campaignReadTools(ctx),
    ...reportingTools(ctx),
    runReportTool(ctx),
    runExportTool(ctx),
    runSnapshotTool(ctx),
    ...amcLibraryTools(ctx),
    ...amc,
    runAmcQueryTool(ctx, amc),
    amcResultsTool(ctx, amc),
  ];
  const writes = ctx.config.enableWrites ? [...spWriteTools(ctx), ...spTargetingWriteTools(ctx)] : [];
  return [...reads, ...writes];
}
