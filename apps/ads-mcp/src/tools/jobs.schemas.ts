// JSON Schemas of run_export and run_snapshot (written `as const` for FromSchema).

const waitSeconds = {
  type: 'integer',
  minimum: 0,
  maximum: 600,
  description: 'Wait for the file up to this long (default 120; 0 = create only).',
} as const;

const maxRows = {
  type: 'integer',
  minimum: 1,
  maximum: 100000,
  description: 'Capped by ADS_REPORT_MAX_ROWS.',
} as const;

/** An array of distinct values of `values` (the Exports API's filter shape). */
const filter = <T extends readonly string[]>(values: T, description: string) =>
  ({
    type: 'array',
    items: { type: 'string', enum: values },
    minItems: 1,
    maxItems: values.length,
    uniqueItems: true,
    description,
  }) as const;

export const EXPORT_TYPES = ['campaigns', 'adGroups', 'ads', 'targets'] as const;

export const exportSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['exportType'],
  properties: {
    exportType: {
      type: 'string',
      enum: EXPORT_TYPES,
      description: 'What to export (POST /<exportType>/export).',
    },
    adProductFilter: filter(
      ['SPONSORED_BRANDS', 'SPONSORED_DISPLAY', 'SPONSORED_PRODUCTS'],
      'Default: every ad product.',
    ),
    stateFilter: filter(['ARCHIVED', 'ENABLED', 'PAUSED'], 'Default: ENABLED and PAUSED.'),
    targetLevelFilter: filter(['AD_GROUP', 'CAMPAIGN'], 'targets only. Default: both levels.'),
    negativeFilter: {
      type: 'array',
      items: { type: 'boolean' },
      minItems: 1,
      maxItems: 2,
      uniqueItems: true,
      description: 'targets only: [true] negative, [false] positive targets. Default: both.',
    },
    targetTypeFilter: filter(
      [
        'AUDIENCE',
        'AUTO',
        'KEYWORD',
        'PRODUCT',
        'PRODUCT_AUDIENCE',
        'PRODUCT_CATEGORY',
        'PRODUCT_CATEGORY_AUDIENCE',
        'THEME',
      ],
      'targets only. Default: every target type.',
    ),
    waitSeconds,
    maxRows,
  },
  examples: [
    { exportType: 'campaigns', adProductFilter: ['SPONSORED_PRODUCTS'], stateFilter: ['ENABLED'] },
    { exportType: 'targets', targetTypeFilter: ['KEYWORD'], negativeFilter: [false], maxRows: 500 },
  ],
} as const;

/** The export filters only a targets export takes. */
export const TARGET_ONLY_FILTERS = ['targetLevelFilter', 'negativeFilter', 'targetTypeFilter'] as const;

export const snapshotSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['adProduct', 'recordType'],
  properties: {
    adProduct: {
      type: 'string',
      enum: ['SPONSORED_PRODUCTS', 'SPONSORED_DISPLAY'],
      description: 'SPONSORED_PRODUCTS: /v2/sp snapshots; SPONSORED_DISPLAY: /sd snapshots.',
    },
    recordType: {
      type: 'string',
      enum: [
        'campaigns',
        'adGroups',
        'keywords',
        'negativeKeywords',
        'campaignNegativeKeywords',
        'productAds',
        'targets',
        'negativeTargets',
      ],
      description: 'Entity type. Keywords types: SPONSORED_PRODUCTS only.',
    },
    stateFilter: {
      type: 'string',
      enum: [
        'enabled',
        'paused',
        'archived',
        'enabled, paused',
        'enabled, archived',
        'paused, archived',
        'enabled, paused, archived',
      ],
      description: 'Default: enabled and paused.',
    },
    tacticFilter: {
      type: 'string',
      enum: ['T00020', 'T00030', 'T00020,T00030'],
      description: 'SPONSORED_DISPLAY only.',
    },
    waitSeconds,
    maxRows,
  },
  examples: [{ adProduct: 'SPONSORED_PRODUCTS', recordType: 'campaigns', stateFilter: 'enabled, paused' }],
} as const;
