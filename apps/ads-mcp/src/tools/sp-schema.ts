// Schema fragments shared by the Sponsored Products v3 list tools (spread into `as const` schemas).
export const idList = {
  type: 'array',
  items: { type: 'string', pattern: '^[0-9]{1,20}$' },
  minItems: 1,
  maxItems: 100,
} as const;

export const stateFilter = {
  type: 'array',
  items: { type: 'string', enum: ['ENABLED', 'PAUSED', 'ARCHIVED'] },
  minItems: 1,
  maxItems: 3,
} as const;

export const paging = {
  maxResults: {
    type: 'integer',
    minimum: 1,
    maximum: 1000,
  },
  nextToken: {
    type: 'string',
    minLength: 1,
    maxLength: 4096,
  },
} as const;
