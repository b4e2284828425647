// What a view shows, independent of the DOM: facts, a table, an optional chart, an optional next call.
export type Cell = string | number | null;
export type Row = Record<string, Cell>;

export interface Column {
  key: string;
  label: string;
  /** number and money cells sort numerically, align right and may be charted. */
  kind: 'text' | 'number' | 'money' | 'percent' | 'ratio' | 'date';
  /**
   * A link out for a cell (e.g. the order's page in Seller Central), opened through the host (`ui/open-link`) when it
   * offers that; otherwise the cell is plain text.
   */
  link?: (row: Row) => string | undefined;
  /**
   * Key columns stay visible at narrow widths (380 px); 'low' ones are hidden there behind a "Show all columns"
   * toggle. Default: shown.
   */
  priority?: 'key' | 'low';
  /** Money columns: the ISO currency their numbers are in. */
  currency?: string;
}

export interface ChartSeries {
  key: string;
  label: string;
  /** Money series: the currency (drawn on its own axis). */
  currency?: string;
  /** A non-money unit ('units', '%', 'clicks'): in the axis title and legend, and the axis it shares. */
  unit?: string;
  /** Whole things (units, orders, clicks): ticks at whole numbers only. */
  integer?: boolean;
}

export interface ChartSpec {
  kind: 'line' | 'bar';
  title: string;
  /** Column whose values label the x axis (a date for line charts, a category for bars). */
  x: string;
  /** The x axis title (e.g. 'Day', 'Campaign'). */
  xTitle?: string;
  /** The y axis title when the series' unit does not say it (one value axis only). */
  yTitle?: string;
  series: ChartSeries[];
  /** Bars whose series are parts of one whole (fee types of a total): stacked, not side by side. */
  stacked?: boolean;
}

/** A follow-up tools/call the view can make through the host (next page, other dates …). */
export interface NextCall {
  label: string;
  /** Another tool of the same server (default: the tool that produced the result). */
  tool?: string;
  arguments: Record<string, unknown>;
  /**
   * The same request looked at again (a report or execution not ready yet): the view keeps the original call's
   * arguments (its dates stay in the controls and facts) instead of taking these as its new input.
   */
  keepInput?: boolean;
}

/** A row's details through another tool (order → items, campaign → ad groups, subscription → jobs). */
export interface DrillDown {
  /** The button's text in each row, e.g. "Items". */
  label: string;
  tool: string;
  /** The call's arguments for a row, or undefined when the row cannot be opened (no id). */
  arguments(row: Row): Record<string, unknown> | undefined;
  /** Which key of the answer holds the detail rows (else its first array of objects). */
  rowsKey?: string;
}

export interface ViewModel {
  title: string;
  /** Short facts shown above the table: interval, currency, totals … */
  facts: Array<[string, string]>;
  columns: Column[];
  rows: Row[];
  /** A totals row under the table (sums and blended ratios over every row, not only the page). */
  totals?: Row;
  chart?: ChartSpec;
  /** Rows the chart draws when they differ from the table's (e.g. counts per status). */
  chartRows?: Row[];
  next?: NextCall;
  drill?: DrillDown;
  /**
   * The upstream's own id for this call (a report or execution id): shown small under the view, not as a headline
   * fact (a person recognises the query, dates and status; support and the agent need the id).
   */
  reference?: { label: string; value: string };
  /** Shown instead of the table when `rows` is empty. */
  emptyText: string;
  /** Per-row highlight (e.g. an unhealthy job): a row key → 'bad' | 'warn'. */
  flag?: (row: Row) => 'bad' | 'warn' | undefined;
}

/** What the host told the view about the call: its arguments (for paging and re-runs). */
export interface CallInput {
  tool: string | undefined;
  arguments: Record<string, unknown>;
  /** What a view looked up once through the host (e.g. the Ads profile's currency and time zone). */
  extras?: Extras;
}

export interface Extras {
  currency?: string;
  timeZone?: string;
}
