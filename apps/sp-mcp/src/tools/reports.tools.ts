// Reports 2021-06-30 tools: create_report, get_report, list_reports, get_report_document (GZIP, bounded).
import {
  type CallContext,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  UpstreamHttpError,
  CREATE_UPSTREAM,
} from '@obmcp/contract';
import { decodeText } from '@obmcp/http-kit';
import { downloadDescribedDocument } from '../http/document-download.js';
import { RESTRICTED_REPORT_TYPES } from '../restricted/restricted-report-types.js';
import { asObject, bodyAnswer, type ToolDeps } from './deps.js';
import { ReportTypesSeen } from './report-types-seen.js';
import { runReportTool } from './run-report.tool.js';
import { dateTime, marketplaceIds10, marketplaceIds25, pageToken, processingStatus } from './schema-parts.js';

const reportType = {
  type: 'string',
  pattern: '^[A-Z0-9_]{3,120}$',
  description:
    'Report type, e.g. GET_MERCHANT_LISTINGS_ALL_DATA, GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL.',
} as const;
const reportId = {
  type: 'string',
  pattern: '^[A-Za-z0-9_.-]{1,128}$',
  description: 'Report id from create_report or run_report.',
} as const;

export const createSchema = {
  type: 'object',
  properties: {
    reportType,
    marketplaceIds: marketplaceIds25,
    dataStartTime: dateTime,
    dataEndTime: dateTime,
    reportOptions: {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 1000 },
      maxProperties: 20,
      description: 'Report-type specific options (string values).',
    },
  },
  required: ['reportType', 'marketplaceIds'],
  examples: [{ reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: ['ATVPDKIKX0DER'] }],
} as const;

const getSchema = {
  type: 'object',
  properties: { reportId },
  required: ['reportId'],
  examples: [{ reportId: 'ID323' }],
} as const;

const listSchema = {
  type: 'object',
  properties: {
    reportTypes: { type: 'array', minItems: 1, maxItems: 10, items: reportType },
    processingStatuses: { type: 'array', maxItems: 5, uniqueItems: true, items: processingStatus },
    marketplaceIds: marketplaceIds10,
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    createdSince: dateTime,
    createdUntil: dateTime,
    nextToken: pageToken,
  },
  examples: [
    { reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'] },
    { reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'], processingStatuses: ['DONE'] },
  ],
} as const;

const documentSchema = {
  type: 'object',
  properties: {
    reportDocumentId: {
      type: 'string',
      pattern: '^[A-Za-z0-9_.|-]{1,200}$',
      description: 'From run_report or get_report.',
    },
    reportType: {
      ...reportType,
      description:
        "The report's type (optional once this session saw it): restricted types need a restricted-data token.",
    },
    maxChars: {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000,
      description: 'Characters of content to return (default 100000).',
    },
  },
  required: ['reportDocumentId'],
  examples: [
    { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip', maxChars: 5000 },
    {
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-pii',
      reportType: 'GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING',
    },
  ],
} as const;

/** The 403 of a document whose type was not known: maybe a restricted report type fetched without an RDT. */
function unknownTypeRefusal(error: unknown): unknown {
  if (!(error instanceof UpstreamHttpError) || error.status !== 403) return error;
  return new UpstreamHttpError(403, {
    service: error.service,
    summary: error.summary,
    details: error.details,
    requestId: error.requestId,
    hints: [
      `Restricted report types (${Object.keys(RESTRICTED_REPORT_TYPES).slice(0, 3).join(', ')} …) need a restricted-data token: pass reportType (from get_report) so one is requested.`,
      ...error.hints,
    ],
  });
}

export function reportsTools(deps: ToolDeps): ToolDefinition[] {
  const { operations } = deps;
  const seen = new ReportTypesSeen();
  const reportDocument = operations.one(['reports_2021-06-30', 'getReportDocument'], (send) =>
    defineTool<FromSchema<typeof documentSchema>>({
      name: 'get_report_document',
      title: 'Download a report document',
      description:
        'A report document as text (decompressed, in its charset, at most maxChars). Restricted (PII) report types get a restricted-data token automatically.',
      inputSchema: documentSchema,
      handler: async (args, call) => {
        const type = args.reportType ?? seen.reportTypeOf(args.reportDocumentId);
        const roles = type && RESTRICTED_REPORT_TYPES[type];
        const { body } = await send(
          { reportDocumentId: args.reportDocumentId },
          call,
          roles ? { restrictedData: { roles } } : undefined,
        ).catch((error: unknown) => {
          throw type === undefined ? unknownTypeRefusal(error) : error;
        });
        const doc = asObject(body);
        const { bytes, contentType } = await downloadDescribedDocument(
          deps.documents,
          doc,
          'report',
          deps.config.maxDocumentBytes,
          call,
        );
        const compression = doc.compressionAlgorithm === 'GZIP' ? 'GZIP' : undefined;
        // Audit S2-3: the download's Content-Type names the charset (windows-1252, Shift_JIS …).
        const { text, charset } = decodeText(bytes, contentType);
        const maxChars = args.maxChars ?? 100_000;
        return {
          reportDocumentId: args.reportDocumentId,
          ...(type ? { reportType: type } : {}),
          ...(compression ? { compressionAlgorithm: compression } : {}),
          ...(contentType ? { contentType } : {}),
          charset,
          bytes: bytes.byteLength,
          truncated: text.length > maxChars,
          content: text.slice(0, maxChars),
        };
      },
    }),
  );
  const tools: ToolDefinition[] = [
    operations.one(['reports_2021-06-30', 'createReport'], (send) =>
      defineTool<FromSchema<typeof createSchema>>({
        name: 'create_report',
        title: 'Request a report',
        description:
          'Requests a report (Reports 2021-06-30 createReport, HTTP 202). Poll get_report until processingStatus is DONE, then get_report_document; run_report does all three.',
        inputSchema: createSchema,
        annotations: CREATE_UPSTREAM,
        handler: (args, call) => bodyAnswer(send, { body: args }, call),
      }),
    ),
    operations.one(['reports_2021-06-30', 'getReport'], (send) =>
      defineTool<FromSchema<typeof getSchema>>({
        name: 'get_report',
        title: 'Get report status',
        description: 'Report status and reportDocumentId once DONE (Reports 2021-06-30 getReport).',
        inputSchema: getSchema,
        handler: async (args, call) => {
          const { body } = await send(args, call);
          seen.record(body);
          return asObject(body);
        },
      }),
    ),
    operations.one(['reports_2021-06-30', 'getReports'], (send) =>
      defineTool<FromSchema<typeof listSchema>>({
        name: 'list_reports',
        title: 'List reports',
        description:
          'Lists report requests (Reports 2021-06-30 getReports). reportTypes is required unless nextToken is given; with nextToken every filter is left out (the API takes the token alone).',
        inputSchema: listSchema,
        handler: async (args, call) => {
          // The model: with nextToken, "include this token as the only parameter. Specifying
          // nextToken with any other parameters will cause the request to fail" (audit S1-1).
          const { body } = await send(args.nextToken ? { nextToken: args.nextToken } : args, call);
          const reports = asObject(body).reports;
          if (Array.isArray(reports)) for (const report of reports) seen.record(report);
          return asObject(body);
        },
      }),
    ),
    reportDocument,
  ];
  // run_report downloads with get_report_document's own handler (one download path).
  const document = (args: Parameters<typeof reportDocument.handler>[0], call: CallContext) =>
    Promise.resolve(reportDocument.handler(args, call));
  return [...tools, runReportTool(deps, seen, document, createSchema)];
}
