// The active Ads profile's currency and time zone (reports carry neither): looked up once through the host.
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import type { Extras } from '../shared/view-model.js';

export async function adsProfileExtras(
  call: (tool: string, args: Record<string, unknown>) => Promise<JsonObject | undefined>,
): Promise<Extras> {
  // get_active_profile answers from the session; list_profiles when it has no details cached yet.
  const active = await call('get_active_profile', {});
  const cached = obj(active?.profile);
  let profile = cached;
  if (!str(cached.currencyCode)) {
    const listed = await call('list_profiles', {});
    const id = num(active?.activeProfileId) ?? num(listed?.activeProfileId);
    profile = obj(
      arr(listed?.profiles)
        .map(obj)
        .find((p) => num(p.profileId) === id),
    );
  }
  const currency = str(profile.currencyCode) ?? undefined;
  const timeZone = str(profile.timezone) ?? undefined;
  return { ...(currency ? { currency } : {}), ...(timeZone ? { timeZone } : {}) };
}
