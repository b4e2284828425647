#!/usr/bin/env node
// The conformance CLI: spawn any MCP stdio server, run the checks, print a report, exit 1 on failure.
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { parseArgs, USAGE } from './cli/args.js';
import { splitCommand } from './cli/split-command.js';
import { formatReport } from './format-report.js';
import { runConformance } from './run-conformance.js';

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv, splitCommand);
  } catch (error) {
    process.stderr.write(
      `conformance: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`,
    );
    return 2;
  }
  const [command, ...commandArgs] = args.command as [string, ...string[]];
  // `pnpm conformance` runs us inside the package: resolve the command from where the user typed it.
  const cwd = args.cwd ?? process.env.INIT_CWD ?? process.cwd();
  const transport = new StdioClientTransport({
    command,
    args: commandArgs,
    env: { ...getDefaultEnvironment(), ...args.env },
    stderr: 'pipe',
    cwd,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const client = new Client({ name: 'obmcp-conformance', version: '0.1.0' });
  try {
    await client.connect(transport, { timeout: args.timeoutMs });
  } catch (error) {
    process.stderr.write(
      `conformance: could not start or initialize the server: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    if (stderr) process.stderr.write(`server stderr (tail):\n${stderr}\n`);
    return 1;
  }
  try {
    const run = await runConformance(client, {
      execute: args.execute,
      probe: args.probe,
      callTimeoutMs: args.timeoutMs,
      ...(args.prefix ? { prefix: args.prefix } : {}),
    });
    const text = args.json
      ? JSON.stringify(run.report, null, 2)
      : formatReport(run.report, { showSkipped: args.verbose, showNotes: args.verbose });
    process.stdout.write(`${text}\n`);
    return run.report.failed > 0 ? 1 : 0;
  } finally {
    await client.close().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2));
