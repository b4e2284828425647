// The `--help` text of a server bin: usage, flags, every environment variable (from the reads) and a host-config snippet.
import type { EnvRow } from '../config/env-docs.js';
import { CLI_FLAGS } from './cli-args.js';
import { supportedNodeText } from './node-floor.js';

export interface HelpText {
  name: string;
  /** npm package the host config runs with `npx -y`. */
  packageName: string;
  version: string;
  summary: string;
  /** Variables a host config sets (the credentials), with placeholder values. */
  hostConfigEnv: Readonly<Record<string, string>>;
}

function envLine(row: EnvRow): string {
  const notes = [
    ...(row.default !== undefined ? [`default ${row.default === '' ? '""' : row.default}`] : []),
    ...(row.mockDefault !== undefined ? [`${row.mockDefault} with OBMCP_MOCK=1`] : []),
    ...(row.accepted !== undefined ? [`accepts ${row.accepted}`] : []),
    ...(row.legacy !== undefined
      ? [`old name${row.legacy.length > 1 ? 's' : ''} ${row.legacy.join(', ')} (deprecated)`]
      : []),
  ];
  return `  ${row.name}${notes.length > 0 ? `  (${notes.join('; ')})` : ''}\n      ${row.meaning}`;
}

export function renderHelp(text: HelpText, env: readonly EnvRow[]): string {
  const width = Math.max(...CLI_FLAGS.map((f) => f.flag.length));
  const hostConfig = {
    mcpServers: {
      [text.name]: { command: 'npx', args: ['-y', text.packageName], env: text.hostConfigEnv },
    },
  };
  return [
    `${text.name} ${text.version}: ${text.summary}`,
    '',
    `Usage: ${text.name} [--http [--port N] [--host H] [--allow-unauthenticated]] | --help | --version`,
    '',
    'Serves MCP on stdio (the host starts it) unless --http or OBMCP_HTTP_PORT asks for Streamable HTTP.',
    `Runs on ${supportedNodeText()}.`,
    '',
    'Options:',
    ...CLI_FLAGS.map((f) => `  ${f.flag.padEnd(width)}  ${f.meaning}`),
    '',
    'Environment:',
    ...env.map(envLine),
    '',
    'Host config (claude_desktop_config.json; Cursor, VS Code and others use the same shape):',
    JSON.stringify(hostConfig, null, 2),
    '',
  ].join('\n');
}
