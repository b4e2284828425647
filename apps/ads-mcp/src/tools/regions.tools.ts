// Region tools: set_region (na/eu/fe; aliases via the hint table), get_region, list_regions — the hosts calls actually use.
import {
  defineTool,
  type FromSchema,
  redactUrlCredentials,
  type ToolDefinition,
  READ_LOCAL,
  SET_SESSION,
} from '@obmcp/contract';
import { OPENBRIDGE_DEFAULT_HOSTS } from '@obmcp/openbridge-upstream';
import type { Config } from '../config.js';
import { REGION_INFO, REGIONS, type Region } from '../regions.js';
import type { ToolDeps } from './deps.js';

const setSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['region'],
  properties: {
    region: {
      type: 'string',
      enum: ['na', 'eu', 'fe'],
      description: 'na: US, CA, MX, BR; eu: UK, DE, FR, …; fe: JP, AU, SG.',
    },
  },
  // The default region: running the example leaves a default session as it was (later examples still work).
  examples: [{ region: 'na' }],
} as const;

const emptySchema = { type: 'object', additionalProperties: false, properties: {}, examples: [{}] } as const;

/**
 * A region as calls use it: ADS_API_ENDPOINT replaces every region's API host (shown without its
 * userinfo), ADS_API_LWA_ENDPOINT every LWA host; in Openbridge mode the token comes from Openbridge.
 */
function describe(region: Region, config: Config) {
  const info = REGION_INFO[region];
  const tokenUrl =
    config.authMode === 'openbridge'
      ? OPENBRIDGE_DEFAULT_HOSTS.service
      : (config.lwaEndpoint ?? info.tokenUrl);
  return {
    region,
    apiHost: redactUrlCredentials(config.endpoint ?? info.apiHost),
    tokenHost: new URL(tokenUrl).host,
    marketplaces: info.marketplaces,
  };
}

export function regionTools(ctx: ToolDeps): ToolDefinition[] {
  const { session, config } = ctx;
  return [
    defineTool<FromSchema<typeof setSchema>>({
      name: 'set_region',
      title: 'Set the Ads region',
      description: 'Routes later calls to the region host; profiles are per region, so list_profiles again.',
      inputSchema: setSchema,
      annotations: SET_SESSION,
      handler(args, call) {
        const previous = session.region;
        session.region = args.region;
        const profileId = session.profileId;
        const known = session.profiles.get(args.region);
        if (
          profileId !== undefined &&
          previous !== args.region &&
          !known?.some((p) => p.profileId === profileId)
        ) {
          call.meta.addWarning({
            kind: 'profile_scope_warning',
            summary: `Active profile ${profileId} may not exist in region '${args.region}'; profile ids are region-scoped.`,
            details: [
              { path: 'profileId', issue: `not known in region '${args.region}'`, received_type: 'integer' },
            ],
            hints: [
              'Check list_profiles for this region and set_active_profile with one of its profileId values.',
            ],
          });
        }
        return {
          ...describe(args.region, config),
          previousRegion: previous,
          activeProfileId: profileId ?? null,
        };
      },
    }),
    defineTool<FromSchema<typeof emptySchema>>({
      name: 'get_region',
      title: 'Get the Ads region',
      description:
        'The active region, its marketplaces, and the API and token hosts calls use (an endpoint override when set).',
      inputSchema: emptySchema,
      annotations: READ_LOCAL,
      handler: () => describe(session.region, config),
    }),
    defineTool<FromSchema<typeof emptySchema>>({
      name: 'list_regions',
      title: 'List Ads regions',
      description: 'The three Ads regions (na, eu, fe), their hosts and marketplaces.',
      inputSchema: emptySchema,
      annotations: READ_LOCAL,
      handler: () => ({ activeRegion: session.region, regions: REGIONS.map((r) => describe(r, config)) }),
    }),
  ];
}
