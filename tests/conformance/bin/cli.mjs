// `pnpm conformance`: runs the built CLI, or says in one line how to build it (instead of a module-not-found stack trace).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'conformance: the CLI is not built yet (tests/conformance/dist/cli.js is missing); run `npx -y pnpm@12.4.2 build` (or `pnpm demo`) first\n',
  );
  process.exit(2);
}
await import(entry.href);
