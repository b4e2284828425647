// Every SP-API marketplace id with its country code and region (enum source for marketplace fields).
export type SpRegion = 'na' | 'eu' | 'fe';

export interface Marketplace {
  id: string;
  code: string;
  country: string;
  region: SpRegion;
}

export const MARKETPLACES: readonly Marketplace[] = [
  { id: 'ATVPDKIKX0DER', code: 'US', country: 'United States', region: 'na' },
  { id: 'A2EUQ1WTGCTBG2', code: 'CA', country: 'Canada', region: 'na' },
  { id: 'A1AM78C64UM0Y8', code: 'MX', country: 'Mexico', region: 'na' },
  { id: 'A2Q3Y263D00KWC', code: 'BR', country: 'Brazil', region: 'na' },
  { id: 'A28R8C7NBKEWEA', code: 'IE', country: 'Ireland', region: 'eu' },
  { id: 'A1RKKUPIHCS9HS', code: 'ES', country: 'Spain', region: 'eu' },
  { id: 'A1F83G8C2ARO7P', code: 'UK', country: 'United Kingdom', region: 'eu' },
  { id: 'A13V1IB3VIYZZH', code: 'FR', country: 'France', region: 'eu' },
  { id: 'AMEN7PMS3EDWL', code: 'BE', country: 'Belgium', region: 'eu' },
  { id: 'A1805IZSGTT6HS', code: 'NL', country: 'Netherlands', region: 'eu' },
  { id: 'A1PA6795UKMFR9', code: 'DE', country: 'Germany', region: 'eu' },
  { id: 'APJ6JRA9NG5V4', code: 'IT', country: 'Italy', region: 'eu' },
  { id: 'A2NODRKZP88ZB9', code: 'SE', country: 'Sweden', region: 'eu' },
  { id: 'AE08WJ6YKNBMC', code: 'ZA', country: 'South Africa', region: 'eu' },
  { id: 'A1C3SOZRARQ6R3', code: 'PL', country: 'Poland', region: 'eu' },
  { id: 'ARBP9OOSHTCHU', code: 'EG', country: 'Egypt', region: 'eu' },
  { id: 'A33AVAJ2PDY3EV', code: 'TR', country: 'Turkey', region: 'eu' },
  { id: 'A17E79C6D8DWNP', code: 'SA', country: 'Saudi Arabia', region: 'eu' },
  { id: 'A2VIGQ35RCS4UG', code: 'AE', country: 'United Arab Emirates', region: 'eu' },
  { id: 'A21TJRUUN4KGV', code: 'IN', country: 'India', region: 'eu' },
  { id: 'A19VAU5U5O7RUS', code: 'SG', country: 'Singapore', region: 'fe' },
  { id: 'A39IBJ37TRP1C6', code: 'AU', country: 'Australia', region: 'fe' },
  { id: 'A1VC38T7YXB528', code: 'JP', country: 'Japan', region: 'fe' },
];

/** The enum used in every marketplace field of every tool schema. */
export const MARKETPLACE_IDS = [
  'ATVPDKIKX0DER',
  'A2EUQ1WTGCTBG2',
  'A1AM78C64UM0Y8',
  'A2Q3Y263D00KWC',
  'A28R8C7NBKEWEA',
  'A1RKKUPIHCS9HS',
  'A1F83G8C2ARO7P',
  'A13V1IB3VIYZZH',
  'AMEN7PMS3EDWL',
  'A1805IZSGTT6HS',
  'A1PA6795UKMFR9',
  'APJ6JRA9NG5V4',
  'A2NODRKZP88ZB9',
  'AE08WJ6YKNBMC',
  'A1C3SOZRARQ6R3',
  'ARBP9OOSHTCHU',
  'A33AVAJ2PDY3EV',
  'A17E79C6D8DWNP',
  'A2VIGQ35RCS4UG',
  'A21TJRUUN4KGV',
  'A19VAU5U5O7RUS',
  'A39IBJ37TRP1C6',
  'A1VC38T7YXB528',
] as const;

/** id → 'US' etc., for enum_suggest (an agent passing 'US' is pointed at ATVPDKIKX0DER). */
export const MARKETPLACE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  MARKETPLACES.map((m) => [m.id, m.code]),
);

/** Folded country names and codes → id (gb and uk both → A1F83G8C2ARO7P). */
export const MARKETPLACE_ALIASES: Readonly<Record<string, string>> = Object.fromEntries([
  ...MARKETPLACES.flatMap((m) => [
    [m.code.toLowerCase(), m.id],
    [m.country.toLowerCase().replace(/[^a-z0-9]/g, ''), m.id],
  ]),
  ['gb', 'A1F83G8C2ARO7P'],
  ['usa', 'ATVPDKIKX0DER'],
  ['uae', 'A2VIGQ35RCS4UG'],
  ['amazoncom', 'ATVPDKIKX0DER'],
  ['amazoncouk', 'A1F83G8C2ARO7P'],
  ['amazonde', 'A1PA6795UKMFR9'],
  ['amazoncojp', 'A1VC38T7YXB528'],
]);

export function marketplaceRegion(id: string): SpRegion | undefined {
  return MARKETPLACES.find((m) => m.id === id)?.region;
}
