// Per-server hint tables: data only; the algorithm lives in hints/suggest.ts.
export interface HintTables {
  /** Curated renames, wrong key → canonical key (e.g. MarketplaceIds → marketplaceIds). */
  keyRenames?: Readonly<Record<string, string>>;
  /**
   * Value aliases per field name, alias → canonical value, matched after lowercasing and
   * dropping non-alphanumerics (e.g. region: { usa: 'na', europe: 'eu' }).
   */
  valueAliases?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Labels for enum values, field → value → label (e.g. marketplace id → 'US'). */
  enumLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}
