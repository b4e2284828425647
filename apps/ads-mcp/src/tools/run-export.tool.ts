// run_export: a sponsored ads export in one call (create → GET /exports/{id} until COMPLETED → the file's rows).
import {
  CREATE_UPSTREAM,
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
} from '@obmcp/contract';
import { pollJob } from '@obmcp/mcp-server/tasks';
import type { OperationRef } from '@obmcp/openapi-tools';
import type { ToolDeps } from './deps.js';
import { capRows, parseRows } from './file-rows.js';
import { adsJobCadence, warnStillRunning } from './job-wait.js';
import { exportSchema, TARGET_ONLY_FILTERS } from './jobs.schemas.js';

type RunArgs = FromSchema<typeof exportSchema>;
type ExportType = RunArgs['exportType'];

/** The create operation of each export type (ExportsSnapshots.json). */
const CREATE: Readonly<Record<ExportType, OperationRef>> = {
  campaigns: ['ExportsSnapshots', 'CampaignExport'],
  adGroups: ['ExportsSnapshots', 'AdGroupExport'],
  ads: ['ExportsSnapshots', 'AdExport'],
  targets: ['ExportsSnapshots', 'TargetExport'],
};
const GET_EXPORT: OperationRef = ['ExportsSnapshots', 'GetExport'];

/** UniversalApiExportResponse, as far as the wait reads it. */
interface ExportView {
  exportId: string;
  status: string;
  url?: string;
  generatedAt?: string;
  error?: { errorCode?: string; message?: string };
}

function exportView(body: unknown): ExportView {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const url = text(b.url);
  const generatedAt = text(b.generatedAt);
  return {
    exportId: text(b.exportId) ?? '',
    status: text(b.status) ?? 'PROCESSING',
    ...(url ? { url } : {}),
    ...(generatedAt ? { generatedAt } : {}),
    ...(b.error && typeof b.error === 'object' ? { error: b.error as ExportView['error'] } : {}),
  };
}

/** A targets-only filter on another export type: Amazon's schema for that type has no such field. */
function checkFilters(a: RunArgs): void {
  if (a.exportType === 'targets') return;
  const extra = TARGET_ONLY_FILTERS.find((k) => a[k] !== undefined);
  if (extra === undefined) return;
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: `${extra} applies to exportType 'targets' only.`,
    details: [{ path: extra, issue: `not a filter of a ${a.exportType} export`, received_type: 'array' }],
    hints: [`Drop ${extra}, or use exportType 'targets'.`],
  });
}

export function runExportTool(ctx: ToolDeps): ToolDefinition {
  // The media type an export is created in is the one its status must be read in (406 otherwise).
  const mediaOf = (type: ExportType): string => {
    const media = ctx.operations.operation(CREATE[type]).recipe.accept;
    if (!media) throw new Error(`${CREATE[type].join(' ')} declares no media type`);
    return media;
  };
  return ctx.operations.many({ ...CREATE, get: GET_EXPORT }, (send) =>
    defineTool<RunArgs>({
      name: 'run_export',
      title: 'Export campaigns, ad groups, ads or targets and return the rows',
      description:
        'Sponsored ads exports in one call: create, poll until COMPLETED (every 2.5 % of the time waited, 2 s to 30 s), download the gzip JSON file and return its rows. FAILED: ready:false and the error. Not done in time: ready:false and exportId for get_export. Runs as an MCP task when the host asks.',
      inputSchema: exportSchema,
      annotations: CREATE_UPSTREAM,
      taskSupport: 'optional',
      async handler(a, call) {
        checkFilters(a);
        const { exportType, waitSeconds, maxRows, ...filters } = a;
        const media = mediaOf(exportType);
        // Creating an export changes nothing, but a repeat after a timeout would start a second one.
        const created = await send[exportType]({ body: filters }, call, { idempotent: false });
        const first = exportView(created.body);
        const exportId = first.exportId;
        const { value, timedOut } = await pollJob(call, {
          first,
          poll: async () => exportView((await send.get({ exportId, Accept: media }, call)).body),
          state: (e) => ({ status: e.status, done: e.status === 'COMPLETED' || e.status === 'FAILED' }),
          delayMs: adsJobCadence(ctx.config),
          waitMs: (waitSeconds ?? 120) * 1000,
        });
        const head = { exportId, exportType, status: value.status };
        if (value.status !== 'COMPLETED' || value.url === undefined) {
          if (timedOut)
            warnStillRunning(call, {
              what: 'Export',
              id: exportId,
              status: value.status,
              waitSeconds: waitSeconds ?? 120,
              later: `Call get_export with exportId='${exportId}' and Accept='${media}' later; its url is the gzip JSON file.`,
            });
          return {
            ...head,
            ready: false,
            ...(value.error ? { error: value.error } : {}),
            totalRows: null,
            returnedRows: 0,
            truncated: false,
            rows: [],
          };
        }
        const rows = parseRows(await ctx.client.download(value.url, call, 'export'), 'export');
        const capped = capRows(
          rows,
          {
            maxRows,
            limit: ctx.config.reportMaxRows,
            what: 'export',
            narrow: 'Narrow the export (stateFilter, adProductFilter) to receive every row.',
          },
          call,
        );
        return {
          ...head,
          ready: true,
          ...(value.generatedAt ? { generatedAt: value.generatedAt } : {}),
          ...capped,
        };
      },
    }),
  );
}
