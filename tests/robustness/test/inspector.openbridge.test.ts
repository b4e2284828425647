// The MCP Inspector CLI against openbridge-mcp (test/support/inspector-suite.ts).
import { inspectorSuite } from './support/inspector-suite.js';

inspectorSuite('openbridge-mcp');
