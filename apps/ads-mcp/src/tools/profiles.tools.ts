// Profile tools: list_profiles (GET /v2/profiles, no Scope), set_active_profile, get_active_profile.
import {
  DomainValidationError,
  defineTool,
  type FromSchema,
  suggest,
  type ToolDefinition,
  READ_LOCAL,
  SET_SESSION,
} from '@obmcp/contract';
import { allowedProfiles, checkProfileAllowed } from '../session/hosted-session.js';
import type { AdsProfile } from '../session/session.js';
import type { ToolDeps } from './deps.js';

const listSchema = {
  type: 'object',
  properties: {
    profileTypeFilter: {
      type: 'array',
      description: 'Only these account types.',
      items: { type: 'string', enum: ['seller', 'vendor', 'agency'] },
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    },
    accessLevel: { type: 'string', enum: ['view', 'edit'], description: 'Minimum access level.' },
    apiProgram: {
      type: 'string',
      enum: ['billing', 'campaign', 'paymentMethod', 'store', 'report', 'account', 'posts'],
      description: 'Only profiles usable with this API program.',
    },
  },
  examples: [{}, { profileTypeFilter: ['seller'], accessLevel: 'view' }],
} as const;

const setSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['profileId'],
  properties: {
    profileId: { type: 'integer', minimum: 1, description: 'A profile id from list_profiles.' },
  },
  examples: [{ profileId: 1111111111 }],
} as const;

const getSchema = { type: 'object', additionalProperties: false, properties: {}, examples: [{}] } as const;

/** The listed profile with this id (every listed profile has one, so no id finds none). */
function cachedProfile(ctx: ToolDeps, profileId: number | undefined): AdsProfile | null {
  return ctx.session.profiles.get(ctx.session.region)?.find((p) => p.profileId === profileId) ?? null;
}

export function profileTools(ctx: ToolDeps): ToolDefinition[] {
  const { session } = ctx;
  return [
    ctx.operations.one(['AccountsProfiles', 'listProfiles'], (send) =>
      defineTool<FromSchema<typeof listSchema>>({
        name: 'list_profiles',
        title: 'List advertising profiles',
        description:
          'Advertising profiles (one per advertiser and marketplace) of the active region; ids feed set_active_profile.',
        inputSchema: listSchema,
        async handler(args, call) {
          const res = await send(args, call);
          const listed = (Array.isArray(res.body) ? res.body : []) as AdsProfile[];
          // --hosted: only the profiles the user allowed at login exist for this client.
          const allowed = allowedProfiles();
          const profiles =
            allowed === undefined ? listed : listed.filter((p) => allowed.includes(p.profileId));
          if (!args.profileTypeFilter && !args.accessLevel && !args.apiProgram)
            session.profiles.set(session.region, profiles);
          return {
            region: session.region,
            count: profiles.length,
            activeProfileId: session.profileId ?? null,
            profiles,
          };
        },
      }),
    ),
    defineTool<FromSchema<typeof setSchema>>({
      name: 'set_active_profile',
      title: 'Set the active advertising profile',
      description:
        'Selects the profile sent as Amazon-Advertising-API-Scope on profile-scoped calls (SP, reporting).',
      inputSchema: setSchema,
      annotations: SET_SESSION,
      handler(args) {
        checkProfileAllowed(args.profileId);
        const known = session.profiles.get(session.region);
        if (known && known.length > 0 && !known.some((p) => p.profileId === args.profileId)) {
          const allowed = known.map((p) => p.profileId);
          const close = suggest(String(args.profileId), allowed.map(String), 3).map((s) => s.value);
          throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
            summary: `Profile ${args.profileId} is not among the profiles of region '${session.region}'.`,
            details: [
              {
                path: 'profileId',
                issue: `not one of the ${allowed.length} profiles list_profiles returned for region '${session.region}'`,
                received_type: 'integer',
                allowed,
              },
            ],
            hints: [
              ...(close.length > 0 ? [`Did you mean profileId=${close[0]}?`] : []),
              `Valid profileId values in region '${session.region}': ${allowed.slice(0, 10).join(', ')}.`,
              'Profiles are region-scoped: set_region first if the profile belongs to another region.',
            ],
          });
        }
        session.profileId = args.profileId;
        session.profileSource = 'set_active_profile';
        return {
          activeProfileId: args.profileId,
          region: session.region,
          profile: cachedProfile(ctx, args.profileId),
        };
      },
    }),
    defineTool<FromSchema<typeof getSchema>>({
      name: 'get_active_profile',
      title: 'Get the active advertising profile',
      description: 'The active profile id (null when none), where it came from, and its cached details.',
      inputSchema: getSchema,
      annotations: READ_LOCAL,
      handler() {
        return {
          activeProfileId: session.profileId ?? null,
          source: session.profileSource ?? null,
          region: session.region,
          profile: cachedProfile(ctx, session.profileId),
        };
      },
    }),
  ];
}
