// Remote identity tools: list every page (own /ri or shared /sri), get by id (/ri/{id}), Amazon Ads profiles.
import { defineTool, type FromSchema, type ToolDefinition, READ_UPSTREAM } from '@obmcp/contract';
import { type ToolDeps, idSchema } from './deps.js';
import { readAllPages } from './paging.js';
import { flatten, page, single } from './shape.js';

const PAGE_SIZE = 100;
const MAX_PAGES = 50;

const listSchema = {
  type: 'object',
  properties: {
    remote_identity_type_id: idSchema(
      'Only identities of this type (14 = Amazon Advertising, 17 = Amazon Seller).',
    ),
    scope: {
      type: 'string',
      enum: ['own', 'shared'],
      default: 'own',
      description:
        "'own' = identities this account created (/ri); 'shared' = every identity it may use (/sri).",
    },
    invalid_identity: {
      type: 'boolean',
      description: 'true = only invalid identities, false = only valid ones.',
    },
  },
  examples: [{}, { remote_identity_type_id: 14, scope: 'shared' }],
} as const;

const byIdSchema = {
  type: 'object',
  properties: { remote_identity_id: idSchema('Remote identity id, e.g. 7460.') },
  required: ['remote_identity_id'],
  examples: [{ remote_identity_id: 7460 }],
} as const;

const profilesSchema = {
  type: 'object',
  properties: {
    remote_identity_id: idSchema('An Amazon Advertising (type 14) remote identity id.'),
    profile_types: {
      type: 'array',
      items: { type: 'string', enum: ['seller', 'vendor', 'dsp', 'attribution'] },
      uniqueItems: true,
      minItems: 1,
      description: 'Profile types to include (default: all).',
    },
    is_manager: { type: 'boolean', description: 'Manager-account profiles only (true) or excluded (false).' },
  },
  required: ['remote_identity_id'],
  examples: [{ remote_identity_id: 7460 }, { remote_identity_id: 7460, profile_types: ['seller', 'vendor'] }],
} as const;

export function remoteIdentityTools({ operations }: ToolDeps): ToolDefinition[] {
  const lists = {
    own: ['remoteIdentity', 'listRemoteIdentities'],
    shared: ['remoteIdentity', 'listSharedRemoteIdentities'],
  } as const;
  return [
    operations.many(lists, (send) =>
      defineTool<FromSchema<typeof listSchema>>({
        name: 'get_remote_identities',
        title: 'List remote identities',
        description:
          'Lists every external account (remote identity) linked to Openbridge, reading all pages. Credentials are ' +
          'never returned.',
        inputSchema: listSchema,
        passthrough: 'query',
        annotations: READ_UPSTREAM,
        handler: async (args, call) => {
          const shared = args.scope === 'shared';
          const all = await readAllPages(shared ? send.shared : send.own, call, {
            args: {
              remote_identity_type: args.remote_identity_type_id,
              // invalid_identity and page_size are documented for /sri only (remote-identity-api.md).
              invalid_identity:
                !shared || args.invalid_identity === undefined ? undefined : args.invalid_identity ? 1 : 0,
            },
            ...(shared ? { pageSize: PAGE_SIZE } : {}),
            maxPages: MAX_PAGES,
          });
          let items = all.items;
          // /ri documents only the type filter: validity is filtered here from each row's invalid_identity.
          if (!shared && args.invalid_identity !== undefined)
            items = items.filter((i) => Boolean(i.invalid_identity) === args.invalid_identity);
          return { remote_identities: items, count: items.length, truncated: all.truncated };
        },
      }),
    ),
    operations.one(['remoteIdentity', 'getRemoteIdentity'], (send) =>
      defineTool<FromSchema<typeof byIdSchema>>({
        name: 'get_remote_identity_by_id',
        title: 'Get a remote identity',
        description: 'One remote identity (own or shared) with its attributes flattened to the top level.',
        inputSchema: byIdSchema,
        handler: async (args, call) => {
          const body = await send({ remote_identity_id: args.remote_identity_id }, call, {
            resource: 'remote identity',
          });
          return { remote_identity: single(body) };
        },
      }),
    ),
    operations.one(['service', 'listAmazonAdvertisingProfiles'], (send) =>
      defineTool<FromSchema<typeof profilesSchema>>({
        name: 'get_amazon_advertising_profiles',
        title: 'Amazon Ads profiles of an identity',
        description:
          'Amazon Advertising profiles reachable through an Amazon Ads (type 14) remote identity, via the Openbridge ' +
          'Service API (no Amazon token leaves Openbridge).',
        inputSchema: profilesSchema,
        handler: async (args, call) => {
          const body = await send(
            {
              remote_identity_id: args.remote_identity_id,
              profile_types: args.profile_types,
              is_manager: args.is_manager,
            },
            call,
            { resource: 'remote identity' },
          );
          const rows = Array.isArray(body) ? body : page(body).items;
          return {
            remote_identity_id: args.remote_identity_id,
            profiles: rows.map(flatten),
            count: rows.length,
          };
        },
      }),
    ),
  ];
}
