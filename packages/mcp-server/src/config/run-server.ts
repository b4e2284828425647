// A server's entry point: startup warnings as stderr lines; any startup failure is one stderr line and exit 2.

export interface StartupIo {
  /** Print a startup note (a deprecated variable …) as `<name>: warning: <line>` on stderr. */
  warn(lines: readonly string[]): void;
}

/**
 * Runs `main` (load config, build the server, serve). A throw before the server is up becomes
 * `<name>: <message>. See the <name> README (Configuration).` on stderr and exit code 2.
 */
export async function runServer(name: string, main: (io: StartupIo) => Promise<void>): Promise<void> {
  const io: StartupIo = {
    warn: (lines) => {
      for (const line of lines) process.stderr.write(`${name}: warning: ${line}\n`);
    },
  };
  try {
    await main(io);
  } catch (error) {
    const message = (error instanceof Error ? error.message : 'startup failed').replace(/[.\s]+$/, '');
    process.stderr.write(`${name}: ${message}. See the ${name} README (Configuration).\n`);
    process.exit(2);
  }
}
