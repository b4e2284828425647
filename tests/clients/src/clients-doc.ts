// Reads the numbers docs/CLIENTS.md states, so a test keeps them true.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@obmcp/test-kit';

/** The row "| `<app>` | <tools> | <accepted by OpenAI strict> |" of the strict-mode table. */
export function documentedStrictCount(app: string): { tools: number; strict: number } | undefined {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'CLIENTS.md'), 'utf8');
  const row = new RegExp(`^\\| \`${app}\` +\\| (\\d+) +\\| (\\d+) +\\|`, 'm').exec(doc);
  return row ? { tools: Number(row[1]), strict: Number(row[2]) } : undefined;
}
