// Identity and region tools: list_identities, set_active_identity (closed-enum check), set_region, get_region.
import {
  DomainValidationError,
  defineTool,
  type FromSchema,
  suggest,
  type ToolDefinition,
  READ_LOCAL,
  redactUrlCredentials,
  SET_SESSION,
} from '@obmcp/contract';
import { publicIdentity } from '../session/identities.js';
import { spBaseUrl } from '../http/hosts.js';
import type { ToolDeps } from './deps.js';

const emptySchema = { type: 'object', properties: {}, additionalProperties: false, examples: [{}] } as const;

const setIdentitySchema = {
  type: 'object',
  properties: {
    identityId: {
      type: 'string',
      // A configured id (SP_API_IDENTITIES_FILE) or a --hosted seller's subject, `sp:<selling partner id>`.
      pattern: '^(?:[A-Za-z0-9._-]{1,64}|sp:[A-Za-z0-9._-]{1,100})$',
      description: 'An id from list_identities.',
    },
  },
  required: ['identityId'],
  additionalProperties: false,
  examples: [{ identityId: 'default' }],
} as const;

const setRegionSchema = {
  type: 'object',
  properties: {
    region: {
      type: 'string',
      enum: ['na', 'eu', 'fe'],
      description: 'na (US, CA, MX, BR), eu (UK, DE, FR, IT, ES, IN …), fe (JP, AU, SG).',
    },
  },
  required: ['region'],
  additionalProperties: false,
  // The default region: running the example leaves a default session as it was (later examples still work).
  examples: [{ region: 'na' }],
} as const;

export function identityTools(deps: ToolDeps): ToolDefinition[] {
  const { session } = deps;
  const regionInfo = () => ({
    region: session.region,
    sandbox: session.sandbox,
    // The host calls use; a proxy's user:password in SP_API_ENDPOINT is shown as ***@.
    endpoint: redactUrlCredentials(spBaseUrl(session.region, session.sandbox, deps.config.endpoint)),
    activeIdentityId: session.active().id,
  });
  return [
    defineTool<FromSchema<typeof emptySchema>>({
      name: 'list_identities',
      title: 'List seller identities',
      description:
        'Configured seller accounts (SP_API_REFRESH_TOKEN and SP_API_IDENTITIES_FILE) and which one is active. No secrets.',
      inputSchema: emptySchema,
      annotations: READ_LOCAL,
      handler: () => ({
        identities: session.refresh().map((i) => publicIdentity(i, session.activeIdentityId)),
        activeIdentityId: session.activeIdentityId ?? null,
      }),
    }),
    defineTool<FromSchema<typeof setIdentitySchema>>({
      name: 'set_active_identity',
      title: 'Set the active seller identity',
      description:
        'Makes one configured identity (from list_identities) the one later calls use; its region becomes the active region.',
      inputSchema: setIdentitySchema,
      annotations: SET_SESSION,
      handler: (args) => {
        const known = session.refresh();
        // Closed-enum check against the cached list; an empty list falls through (best-effort gate).
        if (known.length > 0 && !known.some((i) => i.id === args.identityId)) {
          const ids = known.map((i) => i.id);
          const close = suggest(args.identityId, ids).map((s) => s.value);
          throw new DomainValidationError('SCHEMA_IDENTITY_NOT_FOUND', {
            summary: `Identity '${args.identityId}' is not configured.`,
            details: [
              {
                path: 'identityId',
                issue: `unknown identity; known: ${ids.slice(0, 10).join(', ')}`,
                received_type: 'string',
                field: 'identityId',
                did_you_mean: close,
              },
            ],
            hints: [
              ...(close.length > 0
                ? [`Did you mean identityId='${close[0]}'? Got '${args.identityId}'.`]
                : []),
              `Valid identityId values: [${ids.slice(0, 12).join(', ')}].`,
            ],
          });
        }
        session.setActive(args.identityId);
        return { ...regionInfo(), verified: known.length > 0 };
      },
    }),
    defineTool<FromSchema<typeof setRegionSchema>>({
      name: 'set_region',
      title: 'Set the SP-API region',
      description: 'Switches the SP-API endpoint region for later calls: na, eu or fe.',
      inputSchema: setRegionSchema,
      annotations: SET_SESSION,
      handler: (args) => {
        session.setRegion(args.region);
        return regionInfo();
      },
    }),
    defineTool<FromSchema<typeof emptySchema>>({
      name: 'get_region',
      title: 'Get the SP-API region',
      description: 'The active region, sandbox flag, endpoint and identity.',
      inputSchema: emptySchema,
      annotations: READ_LOCAL,
      handler: () => regionInfo(),
    }),
  ];
}
