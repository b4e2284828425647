// Request bodies the docs define for the writes the mock accepts; anything else gets the host's documented 4xx.
import type { DocSchema } from './common.js';
import { SUBSCRIPTION_STATUSES } from './responses.js';

const ID = {
  anyOf: [
    { type: 'integer', minimum: 1 },
    { type: 'string', pattern: '^\\d+$' },
  ],
} as const;
const NULLABLE_ID = { anyOf: [...ID.anyOf, { type: 'null' }] } as const;
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/** subscriptions-api.md Field Reference "Subscription — write-only attributes" (+ `name`, in every example). */
const subscriptionWritable = {
  account: ID,
  user: ID,
  product: ID,
  name: { type: 'string', minLength: 1 },
  status: { enum: SUBSCRIPTION_STATUSES },
  date_start: { type: 'string', format: 'date-time' },
  date_end: { type: 'string', format: 'date-time' },
  // "Create and update accept remote identity in any of these locations" (Remote identity reconciliation).
  remote_identity: NULLABLE_ID,
  remote_identity_id: NULLABLE_ID,
  storage_group: ID,
  product_parameters: { type: 'object', additionalProperties: { type: 'string' } },
} as const;

function jsonApiWrite(type: string, attributes: Record<string, unknown>, withId: boolean) {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: withId ? ['type', 'id', 'attributes'] : ['type', 'attributes'],
        properties: { type: { const: type }, id: ID, attributes },
        additionalProperties: false,
      },
    },
  };
}

export const REQUEST_SCHEMAS = {
  authRefresh: {
    doc: 'api-usage-docs/authentication-api.md',
    section: 'Step 2 — Exchange Refresh Token for an Access Token; Field Reference',
    schema: jsonApiWrite(
      'APIAuth',
      {
        type: 'object',
        required: ['refresh_token'],
        properties: { refresh_token: { type: 'string', minLength: 1 } },
      },
      false,
    ),
  },
  subscriptionCreate: {
    doc: 'api-usage-docs/subscriptions-api.md',
    section: 'Create Subscription; Field Reference "Subscription — write-only attributes" (Yes (create))',
    schema: jsonApiWrite(
      'Subscription',
      {
        type: 'object',
        required: ['account', 'user', 'product', 'status', 'date_start'],
        properties: subscriptionWritable,
        // "The following v1 response fields are not present in v2 and should not be sent on write"; read-only
        // attributes such as storage_group_id are not write fields either.
        additionalProperties: false,
      },
      false,
    ),
  },
  subscriptionUpdate: {
    doc: 'api-usage-docs/subscriptions-api.md',
    section: 'Update Subscription ("Partial update. All fields are optional"); write-only attributes',
    schema: jsonApiWrite(
      'Subscription',
      {
        type: 'object',
        properties: {
          ...subscriptionWritable,
          // "The legacy `subscription_product_meta_attributes` attribute is rejected."
        },
        additionalProperties: false,
      },
      true,
    ),
  },
  historyCreate: {
    doc: 'api-usage-docs/history-api.md',
    section:
      'Create History Transaction; Field Reference ("Either `dates` or both `start_date` and `end_date` must be provided"). ' +
      "service-api.md's proxy example also shows `primary_run`; the History API's own Field Reference does not list it, so it is rejected here.",
    schema: jsonApiWrite(
      'HistoryTransaction',
      {
        type: 'object',
        properties: {
          start_date: DATE,
          end_date: DATE,
          dates: { type: 'array', items: DATE, minItems: 1 },
          product_id: { type: 'integer', minimum: 1 },
          stage_id: { type: 'integer', minimum: 0 },
          start_time: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' },
        },
        anyOf: [{ required: ['dates'] }, { required: ['start_date', 'end_date'] }],
        additionalProperties: false,
      },
      false,
    ),
  },
  historyStatusUpdate: {
    doc: 'api-usage-docs/history-api.md',
    section: 'Update Transaction Status; Field Reference ("Accepted value for updates: `cancelled`")',
    schema: jsonApiWrite(
      'HistoryTransaction',
      {
        type: 'object',
        required: ['status'],
        properties: { status: { const: 'cancelled' } },
        additionalProperties: false,
      },
      true,
    ),
  },
  query: {
    doc: 'openbridge-mcp src/server/tools/service.py (execute_query; the docs have no Query API page)',
    section:
      'POST /service/query/production/query {data:{type:"Query",attributes:{query,accmapping,run_async,direct_results,response_format}}}',
    schema: jsonApiWrite(
      'Query',
      {
        type: 'object',
        required: ['query', 'accmapping'],
        properties: {
          query: { type: 'string', minLength: 1 },
          accmapping: { type: 'string', minLength: 1 },
          run_async: { type: 'boolean' },
          direct_results: { type: 'boolean' },
          response_format: { enum: ['csv', 'json'] },
        },
        additionalProperties: false,
      },
      false,
    ),
  },
} as const satisfies Record<string, DocSchema>;

export type RequestSchemaName = keyof typeof REQUEST_SCHEMAS;
