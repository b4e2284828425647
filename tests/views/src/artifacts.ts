// Where the browser test writes its screenshots (docs/VIEWS.md copies its pictures from here).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return `${ARTIFACTS}${name}.png`;
}
