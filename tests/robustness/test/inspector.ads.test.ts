// The MCP Inspector CLI against ads-mcp (test/support/inspector-suite.ts).
import { inspectorSuite } from './support/inspector-suite.js';

inspectorSuite('ads-mcp');
