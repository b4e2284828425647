// Unit (src): each curated tool as tools/list publishes it (name, title, description, input schema, annotations,
// examples, operation) is what the committed generated/tools/all/curated.json holds; a cheap in-process twin of
// tool-snapshots.test.ts, so a changed description, bound or default in a tool file fails a test that imports src.
import { readFileSync } from 'node:fs';
import { toolsetSnapshots } from '@obmcp/openapi-tools/generate';
import { describe, expect, it } from 'vitest';
import { adsCatalog } from '../../src/operations/catalog.js';
import { toolRig } from './ads-rig.js';

const CURATED = new URL('../../generated/tools/all/curated.json', import.meta.url);

describe('curated tools as published', () => {
  it('every curated tool is published as generated/tools/all/curated.json has it', () => {
    const curated = new Set(
      (JSON.parse(readFileSync(CURATED, 'utf8')) as { tools: Array<{ name: string }> }).tools.map(
        (t) => t.name,
      ),
    );
    expect(curated.size).toBeGreaterThan(30);
    // A curated tool that went missing, was renamed or is no longer curated leaves curated.json short.
    const tools = toolRig([])
      .host.tools()
      .filter((t) => curated.has(t.name)) as unknown as Parameters<typeof toolsetSnapshots>[0];
    const files = toolsetSnapshots(tools, curated, adsCatalog());
    expect(files.get('curated.json')).toBe(readFileSync(CURATED, 'utf8'));
  });
});
