// Seller identities: one from env (id 'default'), several from SP_API_IDENTITIES_FILE (JSON).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Region, Config } from '../config.js';
import { resolveRegion } from '../hints/region-aliases.js';

export interface Identity {
  id: string;
  name: string;
  sellerId: string | undefined;
  region: Region;
  /** Secret: never returned by a tool, never logged. */
  refreshToken: string;
  marketplaceIds: string[];
}

const FileSchema = z.object({
  identities: z
    .array(
      z
        .object({
          id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
          name: z.string().max(200).optional(),
          sellerId: z.string().max(64).optional(),
          region: z.string().optional(),
          refreshToken: z.string().min(1).optional(),
          refreshTokenEnv: z
            .string()
            .regex(/^[A-Z0-9_]+$/)
            .optional(),
          marketplaceIds: z.array(z.string()).max(50).optional(),
        })
        .strict(),
    )
    .max(200),
});

/** Reads the identities file; throws on unreadable/invalid files (message never contains tokens). */
export function loadIdentities(config: Config, env: Record<string, string | undefined>): Identity[] {
  const out: Identity[] = [];
  if (config.refreshToken || (config.mock && !config.identitiesFile)) {
    out.push({
      id: 'default',
      name: 'Seller account from SP_API_REFRESH_TOKEN',
      sellerId: config.sellerId,
      region: config.region,
      refreshToken: config.refreshToken,
      marketplaceIds: [],
    });
  }
  if (!config.identitiesFile) return out;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(config.identitiesFile).toString());
  } catch {
    throw new Error('SP_API_IDENTITIES_FILE is not readable JSON');
  }
  const parsed = FileSchema.safeParse(raw);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`SP_API_IDENTITIES_FILE is invalid at ${where}`);
  }
  for (const entry of parsed.data.identities) {
    const token = entry.refreshToken ?? (entry.refreshTokenEnv ? env[entry.refreshTokenEnv] : undefined);
    if (!token) throw new Error(`identity ${entry.id}: refreshToken or refreshTokenEnv (set) is required`);
    const region = entry.region === undefined ? config.region : resolveRegion(entry.region);
    if (region === undefined) throw new Error(`identity ${entry.id}: region must be na, eu or fe`);
    out.push({
      id: entry.id,
      name: entry.name ?? entry.id,
      sellerId: entry.sellerId,
      region,
      refreshToken: token,
      marketplaceIds: entry.marketplaceIds ?? [],
    });
  }
  return out;
}

/** The public face of an identity (no secrets). */
export function publicIdentity(identity: Identity, activeId: string | undefined) {
  return {
    id: identity.id,
    name: identity.name,
    ...(identity.sellerId ? { sellerId: identity.sellerId } : {}),
    region: identity.region,
    marketplaceIds: identity.marketplaceIds,
    active: identity.id === activeId,
  };
}
