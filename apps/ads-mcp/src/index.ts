#!/usr/bin/env node
// ads-mcp bin: refuse an unsupported Node first (one line, exit 2), then load the server (a dynamic import, so nothing loads before the check).
import { enforceNodeFloor } from '@obmcp/mcp-server/node-floor';

enforceNodeFloor('ads-mcp');
await import('./main.js');
