// get_capabilities: tool availability, runtime flags and the openbridge_envelope block.
import { capabilityBlock } from '@obmcp/mcp-server/server';
import { defineTool, type FromSchema, type ToolDefinition, READ_LOCAL } from '@obmcp/contract';
import type { Config } from '../config.js';
import { profile } from '../profile.js';
import { NOT_INSTALLED, PRIVILEGED_TOOLS, QUERY_EXECUTION_TOOLS } from '../operations/listing.js';

const schema = {
  type: 'object',
  properties: {},
  additionalProperties: false,
  examples: [{}],
} as const;

/** Enabled: every tool the call's host can run (listed, or internal under CODE_MODE=only). */
export function capabilitiesTool(config: Config): ToolDefinition {
  return defineTool<FromSchema<typeof schema>>({
    name: 'get_capabilities',
    title: 'Server capabilities',
    description:
      'Which tools are enabled or disabled (and why), runtime flags, and the error-envelope contract block.',
    inputSchema: schema,
    annotations: READ_LOCAL,
    handler: (_args, call) => {
      const enabled = call.host
        .tools()
        .map((tool) => tool.name)
        .sort();
      const disabled = [
        ...(config.privilegedTools
          ? []
          : [...PRIVILEGED_TOOLS].map((name) => ({
              name,
              reason: 'set OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS=true',
            }))),
        ...(config.queryExecution
          ? []
          : [...QUERY_EXECUTION_TOOLS].map((name) => ({
              name,
              reason: 'set OPENBRIDGE_ENABLE_QUERY_EXECUTION=true',
            }))),
      ].sort((a, b) => a.name.localeCompare(b.name));
      return {
        server: { name: profile.name, version: profile.version },
        summary: {
          total_tools_declared: enabled.length + disabled.length + NOT_INSTALLED.length,
          enabled_tools: enabled.length,
          disabled_tools: disabled.length,
          not_installed_tools: NOT_INSTALLED.length,
        },
        runtime: {
          mock_mode: config.mock,
          privileged_tools_enabled: config.privilegedTools,
          query_execution_enabled: config.queryExecution,
          code_mode: config.codeMode,
          timeout_ms: config.timeoutMs,
          max_retries: config.maxRetries,
        },
        openbridge_envelope: capabilityBlock(profile),
        tools: enabled,
        disabled,
        not_installed: NOT_INSTALLED,
        security_notes: [
          'Privileged tools (writes and credential brokering) are hidden unless OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS=true.',
          'The refresh token and JWT never appear in results, envelopes or logs.',
          'execute_query runs only single read-only SELECT statements, and only with OPENBRIDGE_ENABLE_QUERY_EXECUTION=true.',
          'get_amazon_api_access_token returns a live Amazon credential (privileged); it is never logged.',
        ],
      };
    },
  });
}
