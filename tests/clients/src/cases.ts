// The calls every client makes against every server: one success, one wrong-type argument, one unknown tool.
import type { AppName } from '@obmcp/test-kit';

export interface AppCases {
  app: AppName;
  /** error_code prefix of this server's upstream HTTP failures (`SP_API_HTTP_401`, …). */
  httpCodePrefix: string;
  /** A read tool whose success call also carries the upstream faults (429, 401). */
  tool: string;
  args: Record<string, unknown>;
  /** `args` with one field of the wrong type, and that field. */
  badArgs: Record<string, unknown>;
  badField: string;
  /** A near miss of `tool` that no server registers. */
  unknownTool: string;
  /** `args` with PascalCase keys: the server normalizes them (MCP_SCHEMA_KEY_NORMALIZATION_ENABLED). */
  pascalArgs: Record<string, unknown>;
  /** `args` plus a field the tool does not have (SCHEMA_ADDITIONAL_PROPERTIES). */
  unknownFieldArgs: Record<string, unknown>;
}

/** The extra field of every `unknownFieldArgs`. */
export const UNKNOWN_FIELD = 'colour';

export const APP_CASES: readonly AppCases[] = [
  {
    app: 'sp-mcp',
    httpCodePrefix: 'SP_API',
    tool: 'get_orders',
    args: { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' },
    badArgs: {
      marketplaceIds: ['ATVPDKIKX0DER'],
      createdAfter: '2026-03-01T00:00:00Z',
      maxResultsPerPage: 'ten',
    },
    badField: 'maxResultsPerPage',
    unknownTool: 'get_order_list',
    pascalArgs: { MarketplaceIds: ['ATVPDKIKX0DER'], CreatedAfter: '2026-03-01T00:00:00Z' },
    unknownFieldArgs: {
      marketplaceIds: ['ATVPDKIKX0DER'],
      createdAfter: '2026-03-01T00:00:00Z',
      colour: 'red',
    },
  },
  {
    app: 'ads-mcp',
    httpCodePrefix: 'ADS_API',
    tool: 'list_campaigns',
    args: { stateFilter: ['ENABLED'], maxResults: 50 },
    badArgs: { stateFilter: ['ENABLED'], maxResults: 'fifty' },
    badField: 'maxResults',
    unknownTool: 'list_campaign',
    pascalArgs: { StateFilter: ['ENABLED'], MaxResults: 50 },
    unknownFieldArgs: { stateFilter: ['ENABLED'], maxResults: 50, colour: 'red' },
  },
  {
    app: 'openbridge-mcp',
    httpCodePrefix: 'OPENBRIDGE',
    tool: 'get_subscription_by_id',
    args: { subscription_id: 107003 },
    badArgs: { subscription_id: 'abc' },
    badField: 'subscription_id',
    unknownTool: 'get_subscription',
    pascalArgs: { Subscription_Id: 107003 },
    unknownFieldArgs: { subscription_id: 107003, colour: 'red' },
  },
];

export const TRANSPORTS = ['stdio', 'http'] as const;
export type TransportName = (typeof TRANSPORTS)[number];

/** Every server × transport as `describe.each` rows: [label, row]. */
export const SERVER_TRANSPORTS = APP_CASES.flatMap((cases) =>
  TRANSPORTS.map((transport) => [`${cases.app} over ${transport}`, { cases, transport }] as const),
);

/** The failures each client meets, and the mock scenario behind the two upstream ones. */
export type FailureCase = 'bad_args' | 'unknown_field' | 'unknown_tool' | 'http_401' | 'http_429';
export const UPSTREAM_FAULTS = [
  ['http_401', 'http_401'],
  ['http_429', 'http_429_retry_after'],
] as const;
