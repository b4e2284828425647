// Region alias table for did_you_mean on region fields (matched after lowercasing, [a-z0-9] only).
export const REGIONS = ['na', 'eu', 'fe'] as const;

export const REGION_ALIASES: Readonly<Record<string, 'na' | 'eu' | 'fe'>> = {
  usa: 'na',
  us: 'na',
  unitedstates: 'na',
  america: 'na',
  northamerica: 'na',
  canada: 'na',
  mexico: 'na',
  brazil: 'na',
  europe: 'eu',
  europeanunion: 'eu',
  euro: 'eu',
  uk: 'eu',
  gb: 'eu',
  unitedkingdom: 'eu',
  de: 'eu',
  germany: 'eu',
  fr: 'eu',
  france: 'eu',
  it: 'eu',
  es: 'eu',
  emea: 'eu',
  india: 'eu',
  middleeast: 'eu',
  japan: 'fe',
  jp: 'fe',
  asia: 'fe',
  apac: 'fe',
  fareast: 'fe',
  asiapacific: 'fe',
  australia: 'fe',
  singapore: 'fe',
};

/** Canonical region for a configured or typed value ('usa' → 'na'), undefined when unknown. */
export function resolveRegion(value: string | undefined): 'na' | 'eu' | 'fe' | undefined {
  if (value === undefined) return undefined;
  const folded = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (folded === 'na' || folded === 'eu' || folded === 'fe') return folded;
  return REGION_ALIASES[folded];
}
