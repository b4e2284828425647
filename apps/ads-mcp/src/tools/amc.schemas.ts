// JSON Schemas of the AMC tools (written `as const` for FromSchema).
import { amcEntityProperties } from './amc-scope.js';

const instanceId = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{3,64}$',
  description: 'AMC instance id from list_amc_instances.',
} as const;
const executionId = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'workflowExecutionId from create_amc_workflow_execution.',
} as const;
const amcTime = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$',
  description: 'YYYY-MM-DDTHH:MM:SS (AMC time, no zone).',
} as const;

export const listInstancesSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...amcEntityProperties },
  examples: [{}, { advertiserId: 'ENTITY1AA1AA11AAA1', marketplaceId: 'ATVPDKIKX0DER' }],
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
      description: 'Ad-hoc SQL (line breaks are folded to spaces; AMC wants one line).',
    },
    workflowId: {
      type: 'string',
      pattern: '^[A-Za-z0-9_.-]{1,128}$',
      description: 'A saved workflow to run instead of sqlQuery.',
    },
    timeWindowType: {
      type: 'string',
      enum: ['EXPLICIT', 'MOST_RECENT_DAY', 'MOST_RECENT_WEEK', 'CURRENT_MONTH', 'PREVIOUS_MONTH'],
      description: 'Default EXPLICIT (needs timeWindowStart and timeWindowEnd).',
    },
    timeWindowStart: amcTime,
    timeWindowEnd: amcTime,
    timeWindowTimeZone: {
      type: 'string',
      pattern: '^[A-Za-z_]+(/[A-Za-z_+-]+){0,2}$',
      description: 'IANA zone, e.g. America/New_York.',
    },
    parameterValues: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: { type: ['string', 'number', 'boolean'] },
    },
    outputFormat: { type: 'string', enum: ['CSV', 'PARQUET'] },
    ...amcEntityProperties,
  },
  oneOf: [{ required: ['sqlQuery'] }, { required: ['workflowId'] }],
  examples: [
    {
      instanceId: 'amcabc123def',
      sqlQuery: 'SELECT campaign_id, SUM(impressions) AS imps FROM dsp_impressions GROUP BY 1',
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

export const listSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['instanceId'],
  properties: {
    instanceId,
    nextToken: { type: 'string', minLength: 1, maxLength: 4096 },
    ...amcEntityProperties,
  },
  examples: [{ instanceId: 'amcabc123def' }],
} as const;
