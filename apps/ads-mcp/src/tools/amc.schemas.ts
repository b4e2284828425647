// JSON Schemas of the AMC tools (written `as const` for FromSchema); fields and enums from AMCWorkflow.json.
import { amcEntityProperties } from './amc-scope.js';
import { downloadSchema } from './reporting.schemas.js';

const instanceId = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{3,64}$',
  description: 'From list_amc_instances.',
} as const;
const executionId = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'From create_amc_workflow_execution.',
} as const;
const amcTime = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$',
} as const;
const nextToken = { type: 'string', minLength: 1, maxLength: 4096 } as const;
const limit = { type: 'integer', minimum: 1, maximum: 100 } as const;
const workflowId = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' } as const;

export const accountsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { nextToken },
  examples: [{}],
} as const;

export const listInstancesSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { nextToken, limit, ...amcEntityProperties },
  examples: [{}, { advertiserId: 'amcacct9US000001', marketplaceId: 'ATVPDKIKX0DER', limit: 20 }],
} as const;

export const createSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['instanceId'],
  properties: {
    instanceId,
    sqlQuery: {
      type: 'string',
      minLength: 1,
      maxLength: 100000,
    },
    workflowId: { ...workflowId, description: 'A saved workflow (list_amc_workflows).' },
    timeWindowType: {
      type: 'string',
      enum: ['ALL', 'CURRENT_MONTH', 'EXPLICIT', 'MOST_RECENT_DAY', 'MOST_RECENT_WEEK', 'PREVIOUS_MONTH'],
      description: 'Default: EXPLICIT with start/end, else MOST_RECENT_DAY.',
    },
    timeWindowStart: amcTime,
    timeWindowEnd: amcTime,
    timeWindowTimeZone: {
      type: 'string',
      pattern: '^[A-Za-z_]+(/[A-Za-z_+-]+){0,2}$',
      description: 'IANA zone (default UTC).',
    },
    parameterValues: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: { type: 'string' },
    },
    ...amcEntityProperties,
  },
  oneOf: [{ required: ['sqlQuery'] }, { required: ['workflowId'] }],
  examples: [
    {
      instanceId: 'amcabc123def',
      sqlQuery: 'SELECT campaign_id, SUM(impressions) FROM dsp_impressions GROUP BY 1',
      timeWindowStart: '2026-04-01T00:00:00',
      timeWindowEnd: '2026-04-08T00:00:00',
    },
    { instanceId: 'amcabc123def', workflowId: 'weekly_reach', timeWindowType: 'MOST_RECENT_WEEK' },
  ],
} as const;

export const executionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['instanceId', 'workflowExecutionId'],
  properties: { instanceId, workflowExecutionId: executionId, ...amcEntityProperties },
  examples: [{ instanceId: 'amcabc123def', workflowExecutionId: '3f1c2b7e-9a4d-4c1e-b2f3-5d6e7f8a9b0c' }],
} as const;

/** Rows of an execution's result files: capped like report rows (ADS_REPORT_MAX_ROWS). */
export const amcMaxRows = downloadSchema.properties.maxRows;

export const resultsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['instanceId', 'workflowExecutionId'],
  properties: {
    instanceId,
    workflowExecutionId: executionId,
    maxRows: amcMaxRows,
    ...amcEntityProperties,
  },
  examples: [
    { instanceId: 'amcabc123def', workflowExecutionId: '3f1c2b7e-9a4d-4c1e-b2f3-5d6e7f8a9b0c', maxRows: 100 },
  ],
} as const;

export const listSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['instanceId'],
  properties: {
    instanceId,
    nextToken,
    limit,
    ...amcEntityProperties,
  },
  examples: [{ instanceId: 'amcabc123def' }],
} as const;

export const instancePageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['instanceId'],
  properties: { instanceId, nextToken, limit, ...amcEntityProperties },
  examples: [{ instanceId: 'amcabc123def' }],
} as const;

export const workflowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['instanceId', 'workflowId'],
  properties: { instanceId, workflowId, ...amcEntityProperties },
  examples: [{ instanceId: 'amcabc123def', workflowId: 'weekly_reach' }],
} as const;

export const scheduleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['instanceId', 'scheduleId'],
  properties: {
    instanceId,
    scheduleId: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' },
    ...amcEntityProperties,
  },
  examples: [{ instanceId: 'amcabc123def', scheduleId: 'weekly_reach_schedule' }],
} as const;
