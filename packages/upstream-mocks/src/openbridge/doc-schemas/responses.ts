// Response bodies as Openbridge's docs (github.com/openbridge/embedded-api) describe them, one per endpoint the mock serves.
import {
  DATETIME,
  type DocSchema,
  INT_STRING,
  NULLABLE_DATETIME,
  NULLABLE_INT,
  NULLABLE_STRING,
  paginatedList,
  resource,
  single,
} from './common.js';

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'paused', 'invalid'] as const;

const subscriptionAttributes = {
  type: 'object',
  required: ['status', 'name', 'date_start', 'created_at', 'modified_at', 'account_id', 'product_id'],
  properties: {
    status: { enum: SUBSCRIPTION_STATUSES },
    name: NULLABLE_STRING,
    date_start: DATETIME,
    created_at: DATETIME,
    modified_at: DATETIME,
    invalidated_at: NULLABLE_DATETIME,
    account_id: NULLABLE_INT,
    product_id: NULLABLE_INT,
    remote_identity_id: NULLABLE_INT,
    storage_group_id: NULLABLE_INT,
    user_id: NULLABLE_INT,
  },
  // "the write field `remote_identity` is never returned"; date_end is "Accepted on write; never returned".
  not: {
    anyOf: [{ required: ['remote_identity'] }, { required: ['date_end'] }, { required: ['storage_group'] }],
  },
} as const;

const subscription = resource('Subscription', subscriptionAttributes);

const productAttributes = {
  type: 'object',
  required: ['active', 'name', 'is_storage_product', 'created_at', 'modified_at'],
  properties: {
    active: { enum: [0, 1] },
    name: { type: 'string' },
    summary: { type: 'string' },
    is_storage_product: { enum: [0, 1] },
    required_meta_fields: { type: 'array', items: { type: 'string' } },
    created_at: DATETIME,
    modified_at: DATETIME,
  },
} as const;

const remoteIdentityAttributes = {
  type: 'object',
  required: ['name', 'created_at', 'modified_at', 'account_id', 'user_id', 'invalid_identity', 'region'],
  properties: {
    name: { type: 'string' },
    created_at: DATETIME,
    modified_at: DATETIME,
    remote_unique_id: { type: 'string' },
    account_id: { type: 'integer' },
    user_id: { type: 'integer' },
    invalid_identity: { enum: [0, 1] },
    invalidated_at: NULLABLE_DATETIME,
    region: { type: 'string' },
    email: NULLABLE_STRING,
    oauth_id: NULLABLE_STRING,
  },
} as const;

const healthcheckAttributes = {
  type: 'object',
  required: ['account_id', 'subscription_id', 'product_id', 'status', 'message', 'hc_runtime', 'modified_at'],
  properties: {
    account_id: { type: 'integer' },
    subscription_id: { type: 'integer' },
    subscription_name: { type: 'string' },
    product_id: { type: 'integer' },
    product_name: { type: 'string' },
    payload_name: { type: 'string' },
    // "Health check status (e.g. `OK`, `ERROR`)"; the monitoring tutorial adds `IN_PROGRESS`.
    status: { enum: ['OK', 'ERROR', 'IN_PROGRESS'] },
    message: { type: 'string' },
    err_msg: NULLABLE_STRING,
    error_code: NULLABLE_STRING,
    hc_runtime: DATETIME,
    modified_at: DATETIME,
    job_id: NULLABLE_INT,
    transaction_id: NULLABLE_STRING,
  },
} as const;

const ruleField = {
  type: 'object',
  required: ['name', 'type', 'default', 'np_kind', 'ob_field'],
  properties: {
    name: { type: 'string' },
    type: { type: 'string' },
    default: NULLABLE_STRING,
    np_kind: { type: 'string' },
    ob_field: { type: 'boolean' },
  },
} as const;

const rule = resource(
  'Rules',
  {
    type: 'object',
    required: ['account_id', 'path', 'version', 'rules'],
    properties: {
      account_id: { type: 'string' },
      path: { type: 'string' },
      version: { type: 'integer' },
      rules: {
        type: 'object',
        required: ['destination', 'configuration'],
        properties: {
          destination: {
            type: 'object',
            required: ['tablename'],
            properties: { tablename: { type: 'string' } },
          },
          configuration: {
            type: 'object',
            required: ['load'],
            properties: {
              load: {
                type: 'object',
                required: ['schema'],
                properties: {
                  schema: {
                    type: 'object',
                    required: ['fields'],
                    properties: { fields: { type: 'array', items: ruleField } },
                  },
                },
              },
            },
          },
          dialect: { type: 'object' },
        },
      },
      created_at: NULLABLE_DATETIME,
      modified_at: NULLABLE_DATETIME,
    },
    // The docs' Rules object has no flat `fields`/`destination` under attributes (audit A2-OB1).
    not: { anyOf: [{ required: ['fields'] }, { required: ['destination'] }] },
  },
  // "Composite identifier: `{account_id}/{path}/{version}`"
  { type: 'string', pattern: '^[^/]+/.+/\\d+$' },
);

const job = resource('Job', {
  type: 'object',
  required: ['subscription_id', 'product_id', 'stage_id', 'status', 'is_primary'],
  properties: {
    report_date: { type: 'string' },
    subscription_id: { type: 'integer' },
    valid_date_start: { type: 'string' },
    valid_date_end: { type: 'string' },
    status: { type: 'string' },
    schedule: { type: 'string' },
    orig_schedule: { type: 'string' },
    is_primary: { type: 'boolean' },
    stage_id: { type: 'integer' },
    product_id: { type: 'integer' },
    subproduct_id: { type: 'string' },
  },
});

export const RESPONSE_SCHEMAS = {
  authToken: {
    doc: 'api-usage-docs/authentication-api.md',
    section: 'Step 2 — Exchange Refresh Token for an Access Token',
    schema: single(
      resource(
        'APIAuth',
        {
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string', pattern: '^[^.]+\\.[^.]+\\.[^.]+$' } },
        },
        { type: 'string' },
      ),
    ),
  },
  remoteIdentityList: {
    doc: 'api-usage-docs/remote-identity-api.md',
    section: 'List Shared Remote Identities (example response; /ri has the same shape)',
    schema: paginatedList(resource('RemoteIdentity', remoteIdentityAttributes)),
  },
  remoteIdentity: {
    doc: 'api-usage-docs/remote-identity-api.md',
    section: 'Get Remote Identity',
    schema: single(resource('RemoteIdentity', remoteIdentityAttributes)),
  },
  subscription: {
    doc: 'api-usage-docs/subscriptions-api.md',
    section: 'Get Subscription; Field Reference "Subscription — readable attributes"',
    schema: single(subscription),
  },
  subscriptionList: {
    doc: 'api-usage-docs/subscriptions-api.md',
    section: 'List Subscriptions (pagination as in products-api.md "List Products")',
    schema: paginatedList(subscription),
  },
  storageList: {
    doc: 'api-usage-docs/subscriptions-api.md',
    section:
      'List Storage Destinations ("Each returned subscription uses the smaller v2 subscription representation"); ' +
      '`included` StorageGroup name/key_name as read by the reference server (openbridge-mcp subscriptions.py)',
    schema: {
      ...paginatedList(subscription),
      properties: {
        ...(paginatedList(subscription).properties as object),
        included: {
          type: 'array',
          items: resource('StorageGroup', {
            type: 'object',
            required: ['name', 'key_name'],
            properties: { name: { type: 'string' }, key_name: { type: 'string' } },
          }),
        },
      },
    },
  },
  subscriptionParameters: {
    doc: 'api-usage-docs/subscriptions-api.md',
    section: 'Subscription Product Parameters (SPP): Read parameters for one subscription',
    schema: single(
      resource('SubscriptionProductParameters', {
        type: 'object',
        additionalProperties: { type: 'string' },
      }),
    ),
  },
  productList: {
    doc: 'api-usage-docs/products-api.md',
    section: 'List Products (example response; Field Reference "Product Fields")',
    schema: paginatedList(resource('Product', productAttributes)),
  },
  payloadList: {
    doc: 'api-usage-docs/products-api.md',
    section: 'Get Product Payload Definitions; Field Reference "Payload Definition Fields"',
    schema: paginatedList(
      resource('Product', {
        type: 'object',
        required: ['name', 'stage_id', 'created_at', 'modified_at'],
        properties: {
          name: { type: 'string' },
          stage_id: { type: 'integer', minimum: 0 },
          created_at: DATETIME,
          modified_at: DATETIME,
        },
      }),
    ),
  },
  rulesSearch: {
    doc: 'api-usage-docs/service-rules-api.md',
    section: 'Response; Rules object; Example response',
    schema: paginatedList(rule),
  },
  healthcheckList: {
    doc: 'api-usage-docs/service-healthchecks-api.md',
    section: 'Response ("a paginated JSON:API response"; fields table)',
    schema: paginatedList(resource('Healthcheck', healthcheckAttributes)),
  },
  jobList: {
    doc: 'api-usage-docs/jobs-api.md',
    section: 'List Jobs (example response); Field Reference',
    schema: paginatedList(job),
  },
  job: {
    doc: 'api-usage-docs/jobs-api.md',
    section: 'Get Job',
    schema: single(job),
  },
  historyTransaction: {
    doc: 'api-usage-docs/history-api.md',
    section:
      'Create / Get History Transaction (the doc shows no response body; a JSON:API HistoryTransaction)',
    schema: single(
      resource('HistoryTransaction', {
        type: 'object',
        required: ['subscription_id', 'status'],
        properties: { subscription_id: { type: 'integer' }, status: { type: 'string' } },
      }),
    ),
  },
  amazonAdsToken: {
    doc: 'api-usage-docs/service-amazon-advertising-api.md',
    section: 'Retrieve access token',
    schema: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['access_token', 'client_id'],
          properties: { access_token: { type: 'string' }, client_id: { type: 'string' } },
        },
      },
    },
  },
  amazonAdsProfiles: {
    doc: 'api-usage-docs/service-amazon-advertising-api.md',
    section: 'List profiles (profiles-only: a bare array)',
    schema: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type', 'attributes'],
        properties: { attributes: { type: 'object', required: ['country_code'] } },
      },
    },
  },
  queryResult: {
    doc: 'openbridge-mcp src/server/tools/service.py (execute_query; the docs have no Query API page)',
    section:
      'POST /service/query/production/query → 200 {data: "<csv text>"} for response_format csv (what the reference server asks for), {data: [row, …]} for json',
    schema: {
      type: 'object',
      required: ['data'],
      properties: { data: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object' } }] } },
    },
  },
  jsonApiError: {
    doc: 'api-usage-docs/rate-limiting.md',
    section:
      'Error Response ({errors:[{status,title,detail}]}; subscriptions-api.md "Example: 404" has {errors:[{detail}]})',
    schema: {
      type: 'object',
      required: ['errors'],
      properties: {
        errors: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['detail'],
            properties: { status: { type: 'string' }, title: { type: 'string' }, detail: { type: 'string' } },
          },
        },
      },
    },
  },
} as const satisfies Record<string, DocSchema>;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

/** Ids are numeric strings on every documented resource but Rules (composite) and APIAuth. */
export const NUMERIC_ID = INT_STRING;
