// A server bin's command line: --help and --version without credentials, one line and exit 2 for a bad flag, else serve.
import {
  CONTRACT_ENV_DOCS,
  describeEnvironment,
  type EnvDocs,
  type EnvReadPass,
} from '../config/env-docs.js';
import { type Env, envReaderOf } from '../config/env-reader.js';
import { runServer, type StartupIo } from '../config/run-server.js';
import {
  HTTP_ENV,
  HTTP_ENV_DOCS,
  type HttpOptions,
  readHttpOptions,
  wantsHttp,
} from '../http/http-options.js';
import { readTaskSettings, TASK_ENV_DOCS } from '../tasks/task-settings.js';
import { CliUsageError, checkHttpFlagsApply, type HttpFlags, parseCliArgs } from './cli-args.js';
import { type HelpText, renderHelp } from './help.js';

export interface CliSpec extends HelpText {
  env: {
    /** Meanings of the variables this app reads (its own and those of the packages it uses). */
    docs: readonly EnvDocs[];
    /** Reads them all, as a start does: the config loader plus shared readers (defaults come from here). */
    read: EnvReadPass;
  };
  /** Builds and serves the server; `http` is null for stdio. A throw is one stderr line and exit 2. */
  start(context: { io: StartupIo; http: HttpOptions | null }): Promise<void>;
}

/** The help text of `spec`, with the environment table built from its reads. */
export function helpText(spec: CliSpec): string {
  const docs = [...spec.env.docs, CONTRACT_ENV_DOCS, TASK_ENV_DOCS, HTTP_ENV_DOCS];
  const rows = describeEnvironment(docs, (reader) => {
    spec.env.read(reader);
    readTaskSettings(reader);
    readHttpOptions({ http: true, allowUnauthenticated: false }, reader);
  });
  return renderHelp(spec, rows);
}

export async function runCli(
  spec: CliSpec,
  argv: readonly string[] = process.argv.slice(2),
  env: Env = process.env,
): Promise<void> {
  let flags: HttpFlags;
  try {
    const request = parseCliArgs(argv);
    if (request.action === 'help') {
      process.stdout.write(helpText(spec));
      return;
    }
    if (request.action === 'version') {
      process.stdout.write(`${spec.version}\n`);
      return;
    }
    flags = request.flags;
    checkHttpFlagsApply(flags, envReaderOf(env).text(HTTP_ENV.port) !== undefined);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`${spec.name}: ${error.message}\n`);
    process.exit(2);
  }
  await runServer(spec.name, async (io) => {
    // HTTP settings first: a refused bind stops before credentials are read or anything is logged.
    const http = wantsHttp(flags, env) ? readHttpOptions(flags, env) : null;
    await spec.start({ io, http });
  });
}
