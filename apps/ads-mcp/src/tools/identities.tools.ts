// Openbridge mode: list_identities (type 14 via /sri) and set_active_identity (SCHEMA_IDENTITY_NOT_FOUND gate).
import {
  DomainValidationError,
  defineTool,
  type FromSchema,
  suggest,
  type ToolDefinition,
  READ_UPSTREAM,
  SET_SESSION,
} from '@obmcp/contract';
import type { AdsIdentity } from '../auth/openbridge-identities.js';
import { regionOfCountry } from '../regions.js';
import type { ToolDeps } from './deps.js';

const listSchema = { type: 'object', additionalProperties: false, properties: {}, examples: [{}] } as const;

const setSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['identityId'],
  properties: {
    identityId: {
      type: 'integer',
      minimum: 1,
      description: 'An Amazon Advertising remote identity id from list_identities.',
    },
  },
  examples: [{ identityId: 7460 }],
} as const;

function notFound(identityId: number, known: AdsIdentity[]): DomainValidationError {
  const allowed = known.map((i) => i.id);
  const close = suggest(String(identityId), allowed.map(String), 3).map((s) => s.value);
  return new DomainValidationError('SCHEMA_IDENTITY_NOT_FOUND', {
    summary: `Identity ${identityId} is not an Amazon Advertising identity of this Openbridge account.`,
    details: [
      {
        path: 'identityId',
        issue: 'not one of the identities list_identities returned',
        received_type: 'integer',
        field: 'identityId',
        allowed,
      },
    ],
    hints: [
      ...(close.length > 0 ? [`Did you mean identityId=${close[0]}?`] : []),
      `Valid identityId values: ${allowed.slice(0, 10).join(', ')}.`,
    ],
  });
}

export function identityTools(ctx: ToolDeps): ToolDefinition[] {
  const list = ctx.listIdentities;
  if (!list) return [];
  const { session } = ctx;
  return [
    defineTool<FromSchema<typeof listSchema>>({
      name: 'list_identities',
      title: 'List Openbridge Amazon Advertising identities',
      description:
        'Lists the Openbridge remote identities of type 14 (Amazon Advertising) this account may use.',
      inputSchema: listSchema,
      annotations: READ_UPSTREAM,
      async handler(_args, call) {
        const identities = await list(call.signal);
        session.identities = identities;
        return { count: identities.length, activeIdentityId: session.identityId ?? null, identities };
      },
    }),
    defineTool<FromSchema<typeof setSchema>>({
      name: 'set_active_identity',
      title: 'Set the active Openbridge identity',
      description:
        'Selects the Amazon Advertising identity whose brokered token signs every call; adopts its region when it names one.',
      inputSchema: setSchema,
      annotations: SET_SESSION,
      async handler(args, call) {
        let known = session.identities;
        if (known === undefined) {
          try {
            known = await list(call.signal);
            session.identities = known;
          } catch (error) {
            // Best-effort gate: a failing identity listing falls through to the token call.
            call.log.warn('identity listing failed; skipping the identity check', { error });
          }
        }
        const identity = known?.find((i) => i.id === args.identityId);
        if (known && known.length > 0 && !identity) throw notFound(args.identityId, known);
        const changed = session.identityId !== args.identityId;
        const cleared = changed && session.profileId !== undefined;
        session.identityId = args.identityId;
        const region = regionOfCountry(identity?.region ?? undefined);
        if (region) session.region = region;
        // The listed profiles and AMC accounts belong to the identity: the session forgets them when it changes
        // (session/hosted-session.ts).
        if (cleared) {
          session.profileId = undefined;
          session.profileSource = undefined;
        }
        if (identity?.invalid) {
          call.meta.addWarning({
            kind: 'upstream_warning',
            summary: `Identity ${identity.id} is marked invalid by Openbridge; calls will fail until it is re-authorized.`,
            details: [{ path: 'identityId', issue: 'invalid_identity=1', received_type: 'integer' }],
            hints: ['Re-authorize this identity in the Openbridge UI.'],
          });
        }
        return {
          activeIdentityId: args.identityId,
          identity: identity ?? null,
          region: session.region,
          activeProfileCleared: cleared,
        };
      },
    }),
  ];
}
