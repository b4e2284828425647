// Catalog items fixture (Catalog Items 2022-04-01 shape).

export interface CatalogItem {
  asin: string;
  summaries: Array<Record<string, unknown>>;
  identifiers?: Array<Record<string, unknown>>;
  salesRanks?: Array<Record<string, unknown>>;
}

function item(asin: string, name: string, brand: string, ean: string, rank: number): CatalogItem {
  return {
    asin,
    summaries: [
      {
        marketplaceId: 'ATVPDKIKX0DER',
        brand,
        browseClassification: { displayName: 'Electronics', classificationId: '172282' },
        itemName: name,
        manufacturer: brand,
        websiteDisplayGroup: 'home_theater_display_on_website',
      },
    ],
    identifiers: [
      { marketplaceId: 'ATVPDKIKX0DER', identifiers: [{ identifierType: 'EAN', identifier: ean }] },
    ],
    salesRanks: [
      {
        marketplaceId: 'ATVPDKIKX0DER',
        displayGroupRanks: [{ websiteDisplayGroup: 'home', title: 'Home', rank }],
      },
    ],
  };
}

export const CATALOG: CatalogItem[] = [
  item('B08N5WRWNW', 'Echo Dot (4th Gen) Smart speaker with Alexa', 'Amazon', '0840080500115', 12),
  item('B07XJ8C8F5', 'USB-C to USB-C Cable 2m, 100W', 'Anker', '0848061012345', 402),
  item('B09G9FPHY6', 'Wireless Mouse, silent click', 'Logitech', '5099206091234', 87),
];
