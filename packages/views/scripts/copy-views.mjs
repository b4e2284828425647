#!/usr/bin/env node
// obmcp-copy-views <dest dir> <view>…: copies built views into an app's own dist, so the app package ships them.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [dest, ...views] = process.argv.slice(2);
if (!dest || views.length === 0) {
  console.error('usage: obmcp-copy-views <dest dir> <view> [view …]');
  process.exit(2);
}
const built = fileURLToPath(new URL('../dist/', import.meta.url));
const target = resolve(process.cwd(), dest);
mkdirSync(target, { recursive: true });
for (const view of views) {
  const from = join(built, `${view}.html`);
  if (!existsSync(from)) {
    console.error(
      `obmcp-copy-views: ${view} is not built (${from} missing); run the @obmcp/views build first`,
    );
    process.exit(1);
  }
  copyFileSync(from, join(target, `${view}.html`));
}
