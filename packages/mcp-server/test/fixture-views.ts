// One built view bound to list_orders, for tests of a server that serves views.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import type { ViewDefinition } from '../src/entries/server.js';

const dir = mkdtempSync(join(tmpdir(), 'obmcp-view-fixture-'));
writeFileSync(join(dir, 'v.html'), '<!doctype html><html><body>v</body></html>');

export const VIEW_URI = `ui://${exampleProfile.name}/v`;
export const VIEWS: ViewDefinition[] = [
  {
    uri: VIEW_URI,
    name: 'v',
    title: 'V',
    description: 'A view.',
    tools: ['list_orders'],
    file: pathToFileURL(join(dir, 'v.html')),
  },
];
