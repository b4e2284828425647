// Where the repo and its release/demo scripts are, from this package.
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const RELEASE_SCRIPT = fileURLToPath(new URL('../../../scripts/release/release.mjs', import.meta.url));
export const CHECK_SCRIPT = fileURLToPath(new URL('../../../scripts/release/check.mjs', import.meta.url));
export const DEMO_SCRIPT = fileURLToPath(new URL('../../../scripts/demo.mjs', import.meta.url));
