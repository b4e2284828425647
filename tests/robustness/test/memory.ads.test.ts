// Memory stays flat across many mixed calls on ads-mcp (support/memory-suite.ts; `pnpm fuzz`: 10 000).
import { memorySuite } from './support/memory-suite.js';

memorySuite('ads-mcp');
