#!/usr/bin/env node
// openbridge-mcp bin: refuse an unsupported Node first (one line, exit 2), then run the shared start on the app (dynamic imports, so nothing loads before the check).
import { enforceNodeFloor } from '@obmcp/mcp-server/node-floor';

enforceNodeFloor('openbridge-mcp');
const { runServerCli } = await import('@obmcp/http-kit');
const { app } = await import('./app.js');
await runServerCli(app);
