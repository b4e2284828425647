// SP_API_SANDBOX=true: input schemas also accept the static sandbox's canned values (TEST_CASE_200 …).
import type { ToolDefinition } from '@obmcp/contract';

/**
 * The canned request values of the models' `x-amzn-api-sandbox.static` cases that no production
 * format or pattern admits (e.g. ordersV0 getOrders CreatedAfter=TEST_CASE_200, getOrder
 * orderId=TEST_CASE_200).
 */
export const CANNED_VALUE = '^TEST_CASE_[A-Z0-9_]+$';
const ISO_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

type Node = Record<string, unknown>;

/** A copy of `schema` whose date-time and patterned strings also take a canned value. */
export function acceptCannedValues<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(acceptCannedValues) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Node = {};
  // `examples` and `enum` hold values, not schemas: a value shaped like a string schema stays as it is.
  for (const [key, value] of Object.entries(schema))
    out[key] = key === 'examples' || key === 'enum' ? value : acceptCannedValues(value);
  if (out.type !== 'string') return out as T;
  if (out.format === 'date-time') {
    delete out.format;
    out.pattern = `${CANNED_VALUE}|${ISO_DATE_TIME}`;
  } else if (typeof out.pattern === 'string') {
    out.pattern = `${CANNED_VALUE}|(?:${out.pattern})`;
  }
  return out as T;
}

/** The curated tools as sandbox mode serves them (their examples stay valid: they only gain values). */
export function sandboxTools(tools: readonly ToolDefinition[]): ToolDefinition[] {
  return tools.map((tool) => ({ ...tool, inputSchema: acceptCannedValues(tool.inputSchema) }));
}
