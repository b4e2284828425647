#!/usr/bin/env node
// obmcp-openapi-tools generate|check <config module> <catalog folder>: the bin; runGenerator does the work.
import { runGenerator } from './run-generator.js';

runGenerator(process.argv.slice(2), (line) => process.stderr.write(line)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
