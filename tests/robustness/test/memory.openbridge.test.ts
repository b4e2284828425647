// Memory stays flat across many mixed calls on openbridge-mcp (support/memory-suite.ts; `pnpm fuzz`: 10 000).
import { memorySuite } from './support/memory-suite.js';

memorySuite('openbridge-mcp');
