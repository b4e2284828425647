// The supported Node floor, checked by each bin before it imports anything that an older Node could not load.
// No imports here on purpose: this module must load on any Node that runs ES modules.

/** Lowest supported Node version (equal to `engines.node` in package.json; a test checks it). */
export const NODE_FLOOR = '20.18.1';

/** Node majors CI runs every server on (tests/node-smoke: 22 and 24; the rest of the suite: the floor's 20). */
export const TESTED_NODE_MAJORS = [20, 22, 24] as const;

/** `Node.js 20.18.1 or newer (tested on 20, 22 and 24)`: the supported versions, as --help and the refusal say them. */
export function supportedNodeText(floor: string = NODE_FLOOR): string {
  const majors = TESTED_NODE_MAJORS.join(', ').replace(/, (\d+)$/, ' and $1');
  return `Node.js ${floor} or newer (tested on ${majors})`;
}

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** True when `version` (`20.18.1` or `v20.18.1`) is at least `floor`. */
export function meetsNodeFloor(version: string, floor: string = NODE_FLOOR): boolean {
  const have = parts(version);
  const need = parts(floor);
  for (let i = 0; i < need.length; i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/** The refusal line for an unsupported Node, or undefined when `version` is supported. */
export function nodeFloorRefusal(
  name: string,
  version: string,
  floor: string = NODE_FLOOR,
): string | undefined {
  if (meetsNodeFloor(version, floor)) return undefined;
  return `${name}: ${supportedNodeText(floor)} is required (this is ${version.replace(/^v?/, 'v')}); install a current Node LTS from https://nodejs.org`;
}

/** Exit 2 with one stderr line when this Node is below the floor; the bin calls it before importing the server. */
export function enforceNodeFloor(name: string, version: string = process.versions.node): void {
  const refusal = nodeFloorRefusal(name, version);
  if (refusal === undefined) return;
  process.stderr.write(`${refusal}\n`);
  process.exit(2);
}
