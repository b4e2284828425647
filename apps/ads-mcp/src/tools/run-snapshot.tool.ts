// run_snapshot: a v2 entity snapshot (SP or SD) in one call (request → status until SUCCESS → download → rows).
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
import { capRows, rowsOfFile } from './file-rows.js';
import { adsJobCadence, warnStillRunning } from './job-wait.js';
import { snapshotSchema } from './jobs.schemas.js';

type RunArgs = FromSchema<typeof snapshotSchema>;

/** Each product's request, status and download operations, and the generated tools an agent polls with. */
const PRODUCTS = {
  SPONSORED_PRODUCTS: {
    create: ['SPSnapshotsSuggestedKeywords', 'requestSnapshot'],
    status: ['SPSnapshotsSuggestedKeywords', 'getSnapshotStatus'],
    download: ['SPSnapshotsSuggestedKeywords', 'downloadSnapshot'],
    later: 'get_snapshot_status, then download_snapshot_sp',
  },
  SPONSORED_DISPLAY: {
    create: ['SponsoredDisplay', 'createSnapshot'],
    status: ['SponsoredDisplay', 'getSnapshot'],
    download: ['SponsoredDisplay', 'downloadSnapshot'],
    later: 'get_snapshot, then download_snapshot_sd',
  },
} as const satisfies Record<
  RunArgs['adProduct'],
  { create: OperationRef; status: OperationRef; download: OperationRef; later: string }
>;

/** SnapshotResponse, as far as the wait reads it. */
interface SnapshotView {
  snapshotId: string;
  status: string;
  statusDetails?: string;
}

function snapshotView(body: unknown): SnapshotView {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const statusDetails = typeof b.statusDetails === 'string' ? b.statusDetails : undefined;
  return {
    // The SP spec types the path's snapshotId as a number, its answer as a string: sent back as received.
    snapshotId: String(b.snapshotId ?? ''),
    status: typeof b.status === 'string' ? b.status : 'IN_PROGRESS',
    ...(statusDetails ? { statusDetails } : {}),
  };
}

/** tacticFilter is a Sponsored Display field; SP's SnapshotRequest has none. */
function checkArgs(a: RunArgs): void {
  if (a.tacticFilter === undefined || a.adProduct === 'SPONSORED_DISPLAY') return;
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: 'tacticFilter applies to SPONSORED_DISPLAY snapshots only.',
    details: [
      {
        path: 'tacticFilter',
        issue: 'not a filter of a Sponsored Products snapshot',
        received_type: 'string',
      },
    ],
    hints: ["Drop tacticFilter, or use adProduct 'SPONSORED_DISPLAY'."],
  });
}

export function runSnapshotTool(ctx: ToolDeps): ToolDefinition {
  const { SPONSORED_PRODUCTS: sp, SPONSORED_DISPLAY: sd } = PRODUCTS;
  const operations = {
    spCreate: sp.create,
    spStatus: sp.status,
    spDownload: sp.download,
    sdCreate: sd.create,
    sdStatus: sd.status,
    sdDownload: sd.download,
  };
  return ctx.operations.many(operations, (send) =>
    defineTool<RunArgs>({
      name: 'run_snapshot',
      title: 'Snapshot SP or SD entities and return the rows',
      description:
        'v2 snapshots in one call: request, poll until SUCCESS (every 2.5 % of the time waited, 2 s to 30 s), download the gzip JSON file and return its rows. FAILURE: ready:false and statusDetails. Amazon deprecated snapshots for exports: prefer run_export where it covers the entity. Runs as an MCP task when the host asks.',
      inputSchema: snapshotSchema,
      annotations: CREATE_UPSTREAM,
      taskSupport: 'optional',
      async handler(a, call) {
        checkArgs(a);
        const { adProduct, recordType, waitSeconds, maxRows, ...body } = a;
        const steps =
          adProduct === 'SPONSORED_PRODUCTS'
            ? { create: send.spCreate, status: send.spStatus, download: send.spDownload }
            : { create: send.sdCreate, status: send.sdStatus, download: send.sdDownload };
        // Requesting a snapshot changes nothing, but a repeat after a timeout would start a second one.
        const created = await steps.create({ recordType, body }, call, { idempotent: false });
        const first = snapshotView(created.body);
        const snapshotId = first.snapshotId;
        const { value, timedOut } = await pollJob(call, {
          first,
          poll: async () => snapshotView((await steps.status({ snapshotId }, call)).body),
          state: (v) => ({ status: v.status, done: v.status === 'SUCCESS' || v.status === 'FAILURE' }),
          delayMs: adsJobCadence(ctx.config),
          waitMs: (waitSeconds ?? 120) * 1000,
        });
        const head = { snapshotId, adProduct, recordType, status: value.status };
        if (value.status !== 'SUCCESS') {
          if (timedOut)
            warnStillRunning(call, {
              what: 'Snapshot',
              id: snapshotId,
              status: value.status,
              waitSeconds: waitSeconds ?? 120,
              later: `Call ${PRODUCTS[adProduct].later} with snapshotId='${snapshotId}' later (a snapshot file expires 30 minutes after it is generated).`,
            });
          return {
            ...head,
            ready: false,
            ...(value.statusDetails ? { statusDetails: value.statusDetails } : {}),
            totalRows: null,
            returnedRows: 0,
            truncated: false,
            rows: [],
          };
        }
        // The download operation answers a 307 to the pre-signed file (the client follows it, credentials dropped).
        const file = await steps.download({ snapshotId }, call);
        const capped = capRows(
          rowsOfFile(file.body, 'snapshot'),
          {
            maxRows,
            limit: ctx.config.reportMaxRows,
            what: 'snapshot',
            narrow: 'Narrow the snapshot (stateFilter) to receive every row.',
          },
          call,
        );
        return { ...head, ready: true, ...capped };
      },
    }),
  );
}
