// FBA inventory summaries fixture (fbaInventory v1 shape).
export const INVENTORY = [
  {
    asin: 'B08N5WRWNW',
    fnSku: 'X0012ABCDE',
    sellerSku: 'SKU-1000',
    condition: 'NewItem',
    productName: 'Echo Dot (4th Gen)',
    totalQuantity: 120,
  },
  {
    asin: 'B07XJ8C8F5',
    fnSku: 'X0012FGHIJ',
    sellerSku: 'SKU-1001',
    condition: 'NewItem',
    productName: 'USB-C Cable 2m',
    totalQuantity: 0,
  },
  {
    asin: 'B09G9FPHY6',
    fnSku: 'X0012KLMNO',
    sellerSku: 'SKU-1002',
    condition: 'NewItem',
    productName: 'Wireless Mouse',
    totalQuantity: 37,
  },
].map((s) => ({
  ...s,
  lastUpdatedTime: '2026-03-10T08:00:00Z',
  stores: [],
  inventoryDetails: {
    fulfillableQuantity: s.totalQuantity,
    inboundWorkingQuantity: 0,
    inboundShippedQuantity: 0,
    inboundReceivingQuantity: 0,
    reservedQuantity: {
      totalReservedQuantity: 0,
      pendingCustomerOrderQuantity: 0,
      pendingTransshipmentQuantity: 0,
      fcProcessingQuantity: 0,
    },
    unfulfillableQuantity: { totalUnfulfillableQuantity: 0 },
  },
}));
