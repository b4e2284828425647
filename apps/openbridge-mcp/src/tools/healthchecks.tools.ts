// Healthchecks of the JWT's account (service-healthchecks-api.md), a page at a time; filter_date and last_days are exclusive.
import { AuthError, defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import { type ToolDeps, idSchema } from './deps.js';
import { readOnePage } from './paging.js';
import { type Page, page } from './shape.js';

const schema = {
  type: 'object',
  properties: {
    subscription_id: idSchema('Only healthchecks of this subscription.'),
    filter_date: {
      type: 'string',
      format: 'date',
      description: 'One day, YYYY-MM-DD (exclusive with last_days).',
    },
    last_days: {
      type: 'integer',
      minimum: 1,
      maximum: 90,
      description: 'The last N days up to now (exclusive with filter_date).',
    },
    status: {
      type: 'string',
      enum: ['ERROR', 'OK', 'IN_PROGRESS', 'any'],
      default: 'ERROR',
      description:
        "Healthcheck status (service-healthchecks-api.md: OK, ERROR; IN_PROGRESS per the tutorial); 'any' = all.",
    },
    page: { type: 'integer', minimum: 1, default: 1 },
  },
  // filter_date and last_days are mutually exclusive: with filter_date present, last_days must be absent.
  dependentSchemas: {
    filter_date: {
      description: 'filter_date and last_days are mutually exclusive: send one of them.',
      properties: { last_days: false },
    },
  },
  examples: [{}, { last_days: 7 }, { subscription_id: 107003, filter_date: '2025-11-01' }],
} as const;

const PAGE_SIZE = 20;

/**
 * The docs call the response "a paginated JSON:API response" ({links, data, meta.pagination}); the reference
 * server reads a DRF page ({count, links.next, results}). Both are read.
 */
export function healthcheckPage(body: unknown): Page {
  const drf = body as { results?: unknown; count?: unknown; links?: { next?: unknown } } | undefined;
  if (drf && Array.isArray(drf.results)) {
    return {
      items: drf.results.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object'),
      pagination: {
        ...(typeof drf.count === 'number' ? { count: drf.count } : {}),
        has_next: typeof drf.links?.next === 'string' && drf.links.next !== '',
      },
    };
  }
  return page(body);
}

export function healthcheckTools({ operations, jwt }: ToolDeps): ToolDefinition[] {
  return [
    operations.one(['service', 'listAccountHealthchecks'], (send) =>
      defineTool<FromSchema<typeof schema>>({
        name: 'get_healthchecks',
        title: 'Pipeline healthchecks',
        description:
          'Healthchecks of the authenticated account (default: ERROR rows). Filter by one day (filter_date) or the ' +
          'last N days (last_days), not both.',
        inputSchema: schema,
        handler: async (args, call) => {
          const { accountId } = await jwt.principal();
          if (accountId === undefined) {
            throw new AuthError({
              summary: 'The Openbridge JWT carries no account_id claim; healthchecks are per account.',
              hints: [
                'OPENBRIDGE_REFRESH_TOKEN must belong to an Openbridge account (not a service principal).',
              ],
            });
          }
          let gt: string | undefined;
          let lt: string | undefined;
          if (args.filter_date) {
            gt = `${args.filter_date}T00:00:00`;
            lt = `${args.filter_date}T23:59:59`;
          } else if (args.last_days) {
            gt = new Date(Date.now() - args.last_days * 86_400_000).toISOString().slice(0, 19);
          }
          const current = args.page ?? 1;
          const { items, pagination, past_end } = await readOnePage(
            () =>
              send(
                {
                  account_id: accountId,
                  status: args.status === 'any' ? undefined : (args.status ?? 'ERROR'),
                  subscription_id: args.subscription_id,
                  modified_at__gt: gt,
                  modified_at__lt: lt,
                  page: args.page,
                  page_size: PAGE_SIZE,
                },
                call,
                { resource: 'subscription' },
              ),
            current,
            healthcheckPage,
          );
          return {
            account_id: accountId,
            healthchecks: items,
            pagination: {
              page: current,
              // An absent page count is an undefined field: JSON leaves it out.
              pages: pagination.pages,
              count: pagination.count ?? items.length,
              has_next: pagination.has_next,
              // The page to ask for next (the list is handed back a page at a time, never cut silently).
              ...(pagination.has_next ? { next_page: current + 1 } : {}),
              ...(past_end ? { past_end } : {}),
            },
          };
        },
      }),
    ),
  ];
}
