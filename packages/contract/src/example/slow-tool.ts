// An opt-in slow example tool (OBMCP_EXAMPLE_SLOW_TOOL=1) so tests can prove graceful HTTP shutdown.
import type { ToolDefinition } from '../tool/types.js';

export const slowTool: ToolDefinition = {
  name: 'slow_echo',
  description: 'Waits `ms` milliseconds, then echoes `text` (example, test-only).',
  inputSchema: {
    type: 'object',
    properties: { ms: { type: 'integer', minimum: 0, maximum: 30_000 }, text: { type: 'string' } },
    required: ['ms'],
    examples: [{ ms: 10, text: 'hi' }],
  },
  handler: async (args, call) => {
    const ms = Number(args.ms);
    // Tests wait for this line to know the call is in flight (instead of guessing a delay).
    call.log.info('slow_echo waiting', { ms });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      call.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return {
      echoed: typeof args.text === 'string' ? args.text : '',
      waitedMs: ms,
      aborted: call.signal.aborted,
    };
  },
};
