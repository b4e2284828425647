// JSON Schemas of the Reporting v3 tools (written `as const` for FromSchema).
import { waitSecondsProperty } from '@obmcp/mcp-server/tasks';

const reportId = {
  type: 'string',
  pattern: '^[A-Za-z0-9-]{8,64}$',
  description: 'From run_report.',
} as const;

export const createSchema = {
  type: 'object',
  required: ['startDate', 'endDate', 'reportTypeId', 'groupBy', 'columns'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 128 },
    startDate: { type: 'string', format: 'date' },
    endDate: { type: 'string', format: 'date' },
    adProduct: {
      type: 'string',
      enum: [
        'ALL',
        'DEMAND_SIDE_PLATFORM',
        'SPONSORED_BRANDS',
        'SPONSORED_DISPLAY',
        'SPONSORED_PRODUCTS',
        'SPONSORED_TELEVISION',
      ],
      description: "Default: reportTypeId's product.",
    },
    reportTypeId: {
      type: 'string',
      pattern: '^[a-z]{2,3}[A-Z][A-Za-z]{1,60}$',
      description: 'e.g. spCampaigns, spSearchTerm, sbAds, sdTargeting.',
    },
    groupBy: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z]{1,40}$' },
      minItems: 1,
      maxItems: 5,
    },
    columns: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z0-9]{1,64}$' },
      minItems: 1,
      maxItems: 100,
    },
    timeUnit: {
      type: 'string',
      enum: ['SUMMARY', 'DAILY'],
      description: "DAILY needs the 'date' column.",
    },
    filters: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'values'],
        properties: {
          field: { type: 'string', minLength: 1 },
          values: {
            type: 'array',
            items: { type: 'string', minLength: 1 },
            minItems: 1,
            maxItems: 50,
          },
        },
      },
    },
  },
  examples: [
    {
      startDate: '2026-04-01',
      endDate: '2026-04-07',
      reportTypeId: 'spCampaigns',
      groupBy: ['campaign'],
      columns: ['impressions', 'clicks', 'cost', 'campaignId', 'startDate', 'endDate'],
      timeUnit: 'SUMMARY',
    },
  ],
} as const;

export const getSchema = {
  type: 'object',
  required: ['reportId'],
  properties: { reportId },
  examples: [{ reportId: '0e5f7c9a-1b2c-4d3e-8f90-123456789abc' }],
} as const;

export const downloadSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reportId'],
  properties: {
    reportId,
    maxRows: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      description: 'Capped by ADS_REPORT_MAX_ROWS.',
    },
  },
  examples: [{ reportId: '0e5f7c9a-1b2c-4d3e-8f90-123456789abc', maxRows: 100 }],
} as const;

export const runSchema = {
  ...createSchema,
  properties: {
    ...createSchema.properties,
    waitSeconds: waitSecondsProperty('COMPLETED', 120, 'create only'),
    maxRows: downloadSchema.properties.maxRows,
  },
} as const;
