// Totals of Finances v0 events per currency: charges, fees, promotions and withheld taxes by type, their
// net, and every other amount (adjustments, removals …) by field, reported beside the net, not in it.

type Sums = Record<string, number>;

export interface CurrencyTotals {
  currencyCode: string;
  /** ChargeComponent amounts by ChargeType (Principal, Tax, ShippingCharge …). */
  charges: Sums;
  /** FeeComponent amounts by FeeType (Commission, FBAPerUnitFulfillmentFee …). */
  fees: Sums;
  /** Promotion amounts by PromotionType. */
  promotions: Sums;
  /** Taxes withheld by the marketplace (ItemTaxWithheldList …) by ChargeType. */
  taxWithheld: Sums;
  /** charges + fees + promotions + taxWithheld. */
  net: number;
  /** Amounts outside those components, by `<event list>.<field>` (may overlap; never summed). */
  otherAmounts: Sums;
}

export interface EventTotals {
  totals: CurrencyTotals[];
  /** Events per event list (ShipmentEventList: 12 …). */
  eventCounts: Record<string, number>;
}

type Kind = 'charges' | 'fees' | 'promotions' | 'taxWithheld' | 'otherAmounts';
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A Currency object ({CurrencyCode, CurrencyAmount}) as [code, amount]. */
function money(v: unknown): [string, number] | undefined {
  if (!isObj(v) || typeof v.CurrencyCode !== 'string' || typeof v.CurrencyAmount !== 'number')
    return undefined;
  return [v.CurrencyCode, v.CurrencyAmount];
}

/** Rounds away float noise (amounts keep up to 4 decimals). */
const round = (n: number): number => Math.round(n * 10_000) / 10_000;

class Totals {
  private readonly byCurrency = new Map<string, Record<Kind, Sums>>();

  add(kind: Kind, type: string, amount: [string, number] | undefined): void {
    if (!amount) return;
    const [code, value] = amount;
    let row = this.byCurrency.get(code);
    if (!row) {
      row = { charges: {}, fees: {}, promotions: {}, taxWithheld: {}, otherAmounts: {} };
      this.byCurrency.set(code, row);
    }
    row[kind][type] = (row[kind][type] ?? 0) + value;
  }

  result(): CurrencyTotals[] {
    return [...this.byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currencyCode, row]) => {
        const tidy = (sums: Sums): Sums =>
          Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, round(v)]));
        const sum = (sums: Sums) => Object.values(sums).reduce((a, b) => a + b, 0);
        const net = sum(row.charges) + sum(row.fees) + sum(row.promotions) + sum(row.taxWithheld);
        return {
          currencyCode,
          charges: tidy(row.charges),
          fees: tidy(row.fees),
          promotions: tidy(row.promotions),
          taxWithheld: tidy(row.taxWithheld),
          net: round(net),
          otherAmounts: tidy(row.otherAmounts),
        };
      });
  }
}

/** Walks one event: components by their type, any other Currency by `<list>.<field>`. */
function walk(node: unknown, list: string, field: string, withheld: boolean, totals: Totals): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, list, field, withheld, totals);
    return;
  }
  if (!isObj(node)) return;
  if (typeof node.ChargeType === 'string' && 'ChargeAmount' in node) {
    totals.add(withheld ? 'taxWithheld' : 'charges', node.ChargeType, money(node.ChargeAmount));
    return;
  }
  if (typeof node.FeeType === 'string' && 'FeeAmount' in node) {
    totals.add('fees', node.FeeType, money(node.FeeAmount));
    return;
  }
  if ('PromotionAmount' in node) {
    const type = typeof node.PromotionType === 'string' ? node.PromotionType : 'Promotion';
    totals.add('promotions', type, money(node.PromotionAmount));
    return;
  }
  const amount = money(node);
  if (amount) {
    totals.add('otherAmounts', `${list}.${field}`, amount);
    return;
  }
  for (const [key, value] of Object.entries(node))
    walk(value, list, key, withheld || key.includes('TaxWithheld'), totals);
}

/** Totals of the given event lists (as FinancialEvents holds them). */
export function totalFinancialEvents(lists: Record<string, unknown[]>): EventTotals {
  const totals = new Totals();
  const eventCounts: Record<string, number> = {};
  for (const [list, events] of Object.entries(lists)) {
    eventCounts[list] = events.length;
    walk(events, list, list, false, totals);
  }
  return { totals: totals.result(), eventCounts };
}
