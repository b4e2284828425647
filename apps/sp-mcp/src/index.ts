#!/usr/bin/env node
// sp-mcp bin: refuse an unsupported Node first (one line, exit 2), then load the server (a dynamic import, so nothing loads before the check).
import { enforceNodeFloor } from '@obmcp/mcp-server/node-floor';

enforceNodeFloor('sp-mcp');
await import('./main.js');
