#!/usr/bin/env node
// Builds every src/entries/<view>.ts into one self-contained dist/<view>.html (vite + vite-plugin-singlefile).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

const root = fileURLToPath(new URL('..', import.meta.url));
const shell = readFileSync(`${root}src/shell.html`, 'utf8');
const views = readdirSync(`${root}src/entries`)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .sort();
rmSync(`${root}dist`, { recursive: true, force: true });
mkdirSync(`${root}dist`, { recursive: true });
for (const name of views) {
  const html = `${name}.html`;
  // The entry HTML sits at the package root (vite names the output after it); removed after the build.
  writeFileSync(`${root}${html}`, shell.replaceAll('%NAME%', name).replaceAll('%TITLE%', name));
  try {
    await build({
      root,
      logLevel: 'warn',
      configFile: false,
      plugins: [viteSingleFile({ removeViteModuleLoader: true })],
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        reportCompressedSize: false,
        rollupOptions: { input: `${root}${html}` },
      },
    });
  } finally {
    rmSync(`${root}${html}`, { force: true });
  }
}
console.log(`built ${views.length} views: ${views.join(', ')}`);
