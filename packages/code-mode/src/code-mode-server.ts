// createCodeModeServer: an app's tools through Code Mode into the contract server (the one assembly every app ends with).
import type { ToolDefinition } from '@obmcp/contract';
import { type ContractServer, createContractServer } from '@obmcp/mcp-server/server';
import { type CodeMode, applyCodeMode } from './mode.js';

type ContractServerOptions = Parameters<typeof createContractServer>[0];

export interface CodeModeServerSpec extends Pick<ContractServerOptions, 'profile' | 'views' | 'settings'> {
  /** The app's direct tools: published, or callable only through Code Mode when it is `only`. */
  tools: readonly ToolDefinition[];
  /** Never published; callable through Code Mode (e.g. operations outside the selected toolsets). */
  hiddenTools?: readonly ToolDefinition[];
  /** The app's CODE_MODE setting. */
  codeMode: CodeMode | string | undefined;
}

/** What every app's server factory is handed and the contract server uses (a task store, env, logger). */
export type CodeModeServerOptions = Pick<ContractServerOptions, 'env' | 'logger' | 'taskRecords'>;

export function createCodeModeServer(
  spec: CodeModeServerSpec,
  { env, logger, taskRecords }: CodeModeServerOptions,
): ContractServer {
  const { tools, hiddenTools, codeMode, ...server } = spec;
  const { listed, internal } = applyCodeMode(tools, codeMode, undefined, hiddenTools);
  return createContractServer({
    ...server,
    tools: listed,
    internalTools: internal,
    ...(env ? { env } : {}),
    ...(logger ? { logger } : {}),
    ...(taskRecords ? { taskRecords } : {}),
  });
}
