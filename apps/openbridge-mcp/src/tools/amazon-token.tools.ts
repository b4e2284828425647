// Privileged: the brokered Amazon Ads access token for a remote identity (/service/amzadv/token/{id}).
import { defineTool, type FromSchema, type ToolDefinition, UpstreamTransportError } from '@obmcp/contract';
import { type ToolDeps, idSchema } from './deps.js';

const schema = {
  type: 'object',
  properties: { remote_identity_id: idSchema('An Amazon Advertising (type 14) remote identity id.') },
  required: ['remote_identity_id'],
  additionalProperties: false,
  examples: [{ remote_identity_id: 7460 }],
} as const;

export function amazonTokenTools({ operations }: ToolDeps): ToolDefinition[] {
  return [
    operations.one(['service', 'getAmazonAdvertisingToken'], (send) =>
      defineTool<FromSchema<typeof schema>>({
        name: 'get_amazon_api_access_token',
        title: 'Brokered Amazon Ads access token (privileged)',
        description:
          'Returns a fresh Amazon Advertising API access token and client id brokered by Openbridge for the identity. ' +
          'The token is a live credential: treat the result as secret. No expiry is returned (assume under 1 hour).',
        inputSchema: schema,
        annotations: {
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: true,
        },
        handler: async (args, call) => {
          const body = (await send({ remote_identity_id: args.remote_identity_id }, call, {
            resource: 'remote identity',
          })) as { data?: { access_token?: unknown; client_id?: unknown } } | undefined;
          const token = body?.data?.access_token;
          const clientId = body?.data?.client_id;
          if (typeof token !== 'string' || typeof clientId !== 'string') {
            throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
              summary: 'Openbridge token response carried no access_token/client_id.',
              details: [
                { path: 'data', issue: 'missing access_token or client_id', received_type: typeof token },
              ],
            });
          }
          return { remote_identity_id: args.remote_identity_id, access_token: token, client_id: clientId };
        },
      }),
    ),
  ];
}
