// The MCP Inspector CLI against sp-mcp (test/support/inspector-suite.ts).
import { inspectorSuite } from './support/inspector-suite.js';

inspectorSuite('sp-mcp');
