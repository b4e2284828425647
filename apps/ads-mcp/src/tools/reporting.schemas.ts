// JSON Schemas of the Reporting v3 tools (written `as const` for FromSchema).

const REPORT_TYPES = [
  'spCampaigns',
  'spTargeting',
  'spSearchTerm',
  'spAdvertisedProduct',
  'spPurchasedProduct',
  'spGrossAndInvalids',
  'sbCampaigns',
  'sbPurchasedProduct',
  'sbTargeting',
  'sbSearchTerm',
  'sbAds',
  'sdCampaigns',
  'sdTargeting',
  'sdAdvertisedProduct',
] as const;

const reportId = {
  type: 'string',
  pattern: '^[A-Za-z0-9-]{8,64}$',
  description: 'reportId from create_report.',
} as const;

export const createSchema = {
  type: 'object',
  additionalProperties: false,
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
      description:
        'Default: the ad product of reportTypeId (sp… → SPONSORED_PRODUCTS, sb… → SPONSORED_BRANDS, sd… → SPONSORED_DISPLAY).',
    },
    reportTypeId: { type: 'string', enum: REPORT_TYPES },
    groupBy: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z]{1,40}$' },
      minItems: 1,
      maxItems: 5,
      uniqueItems: true,
    },
    columns: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z0-9]{1,64}$' },
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
    },
    timeUnit: {
      type: 'string',
      enum: ['SUMMARY', 'DAILY'],
      description: "DAILY needs the 'date' column; SUMMARY uses startDate/endDate.",
    },
    filters: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'values'],
        properties: {
          field: { type: 'string', minLength: 1, maxLength: 64 },
          values: {
            type: 'array',
            items: { type: 'string', minLength: 1, maxLength: 128 },
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
  additionalProperties: false,
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
      description: 'Row cap (also capped by ADS_REPORT_MAX_ROWS).',
    },
  },
  examples: [{ reportId: '0e5f7c9a-1b2c-4d3e-8f90-123456789abc', maxRows: 100 }],
} as const;

export const runSchema = {
  ...createSchema,
  properties: {
    ...createSchema.properties,
    waitSeconds: {
      type: 'integer',
      minimum: 0,
      maximum: 600,
      description: 'How long to wait for COMPLETED before returning ready:false (default 120).',
    },
    maxRows: downloadSchema.properties.maxRows,
  },
} as const;
