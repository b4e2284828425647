#!/usr/bin/env node
// Bundles the test host page (AppBridge + the SDK Client + the relay transport) into dist/host/index.html.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

const root = fileURLToPath(new URL('../host/', import.meta.url));
await build({
  root,
  logLevel: 'warn',
  configFile: false,
  plugins: [viteSingleFile()],
  build: {
    outDir: fileURLToPath(new URL('../dist/host/', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
});
