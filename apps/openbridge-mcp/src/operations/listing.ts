// Which tools openbridge-mcp lists: privileged and query-execution tools by name (get_capabilities names what a switch hides), and the reference server's tools not shipped.
export const PRIVILEGED_TOOLS = new Set([
  'create_subscription',
  'update_subscription',
  'cancel_subscription',
  'create_job',
  'update_history_status',
  'get_amazon_api_access_token',
]);

/** Listed only with OPENBRIDGE_ENABLE_QUERY_EXECUTION=true (the reference server's gate for running SQL). */
export const QUERY_EXECUTION_TOOLS = new Set(['execute_query']);

/** Reference-server tools this server does not ship, with the reason (reported by get_capabilities). */
export const NOT_INSTALLED: ReadonlyArray<{ name: string; reason: string }> = [];
