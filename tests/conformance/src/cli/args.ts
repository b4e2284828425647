// Parses the conformance CLI's flags into options (a bare `--` from `pnpm conformance -- …` is ignored).
import { CALL_POLICIES, type CallPolicy } from '../checks/call-policy.js';

export interface CliArgs {
  command: string[];
  prefix?: string;
  cwd?: string;
  env: Record<string, string>;
  execute: CallPolicy;
  probe: CallPolicy;
  json: boolean;
  verbose: boolean;
  timeoutMs: number;
}

export const USAGE = `usage: conformance --stdio "<command>" [--prefix SP_API] [--env K=V ...] [--cwd dir]
       [--execute read-only|all|none] [--probe read-only|all|none] [--timeout ms] [--json] [--verbose]

  --stdio     the MCP server to spawn (stdio transport)
  --prefix    expected <PREFIX>_HTTP_<NNN> prefix for upstream HTTP codes
  --cwd       working directory for the command (default: where pnpm was invoked)
  --env       extra env var for the server (repeatable; only PATH/HOME/... are inherited)
  --execute   tools that may receive valid calls (examples, normalization cases); default read-only
  --probe     tools that may receive invalid arguments; default read-only
  --json      print the report as JSON
  --verbose   also print skipped checks and the outcome of passing ones`;

function policy(flag: string, value: string | undefined): CallPolicy {
  if (value && (CALL_POLICIES as readonly string[]).includes(value)) return value as CallPolicy;
  throw new Error(`${flag} expects one of ${CALL_POLICIES.join(', ')}`);
}

export function parseArgs(argv: readonly string[], split: (s: string) => string[]): CliArgs {
  const args: CliArgs = {
    command: [],
    env: {},
    execute: 'read-only',
    probe: 'read-only',
    json: false,
    verbose: false,
    timeoutMs: 30_000,
  };
  const rest = argv.filter((a) => a !== '--');
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--stdio':
        args.command = split(value());
        break;
      case '--prefix':
        args.prefix = value();
        break;
      case '--cwd':
        args.cwd = value();
        break;
      case '--env': {
        const pair = value();
        const eq = pair.indexOf('=');
        if (eq <= 0) throw new Error(`--env expects K=V, got ${pair}`);
        args.env[pair.slice(0, eq)] = pair.slice(eq + 1);
        break;
      }
      case '--execute':
        args.execute = policy(flag, value());
        break;
      case '--probe':
        args.probe = policy(flag, value());
        break;
      case '--timeout':
        args.timeoutMs = Number(value());
        if (!Number.isFinite(args.timeoutMs) || args.timeoutMs <= 0)
          throw new Error('--timeout expects milliseconds');
        break;
      case '--json':
        args.json = true;
        break;
      case '--verbose':
        args.verbose = true;
        break;
      default:
        throw new Error(`unknown argument ${flag}`);
    }
  }
  if (args.command.length === 0) throw new Error('--stdio "<command>" is required');
  return args;
}
