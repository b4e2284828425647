// The tool catalog: which tools exist, which are privileged, and the reference server's names for them.
export const PRIVILEGED_TOOLS = new Set([
  'create_subscription',
  'update_subscription',
  'cancel_subscription',
  'create_job',
  'update_history_status',
  'get_amazon_api_access_token',
]);

/** Reference-server tools this server does not ship, with the reason (reported by get_capabilities). */
export const NOT_INSTALLED: ReadonlyArray<{ name: string; reason: string }> = [
  { name: 'validate_query', reason: 'needs LLM sampling; out of scope for 0.1.0' },
  { name: 'execute_query', reason: 'SQL execution against the warehouse is out of scope for 0.1.0' },
];
