// The Tasks extension fixtures the official conformance suite calls (names and behaviour from its scenarios).
import { type ToolDefinition, UpstreamHttpError } from '@obmcp/contract';

/** Waits `ms`, or until `signal` aborts (then rejects with its reason). */
function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    function stop() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', stop, { once: true });
  });
}

const noArgs = { type: 'object', properties: {}, examples: [{}] } as const;

/** `greet`: sync only, answers `Hello, {name}!` (as text). */
const greet: ToolDefinition = {
  name: 'greet',
  description: 'Answers "Hello, {name}!" (conformance fixture: a tool without task support).',
  inputSchema: {
    type: 'object',
    properties: { name: { type: 'string' } },
    required: ['name'],
    examples: [{ name: 'World' }],
  },
  annotations: { readOnlyHint: true },
  handler: (args) => `Hello, ${String(args.name)}!`,
};

/** `slow_compute`: task-supporting, sleeps `seconds` then answers; a cancel stops it. */
const slowCompute: ToolDefinition = {
  name: 'slow_compute',
  description: 'Sleeps `seconds` seconds, then answers (conformance fixture: a task-supporting tool).',
  taskSupport: 'optional',
  inputSchema: {
    type: 'object',
    properties: { seconds: { type: 'number', minimum: 0, maximum: 600 }, label: { type: 'string' } },
    required: ['seconds'],
    examples: [{ seconds: 0, label: 'instant' }],
  },
  annotations: { readOnlyHint: true },
  handler: async (args, call) => {
    const seconds = Number(args.seconds);
    await waitFor(seconds * 1000, call.signal);
    return { label: typeof args.label === 'string' ? args.label : '', seconds, computed: true };
  },
};

/** `failing_job`: runs only as a task; after about a second it reports a tool execution error. */
const failingJob: ToolDefinition = {
  name: 'failing_job',
  description: 'Fails after about a second (conformance fixture: task support required, a tool error).',
  taskSupport: 'required',
  inputSchema: noArgs,
  handler: async (_args, call) => {
    await waitFor(1000, call.signal);
    throw new UpstreamHttpError(400, { service: 'conformance fixture' });
  },
};

/** `protocol_error_job`: task-supporting; its handler throws (a server failure, not a tool error). */
const protocolErrorJob: ToolDefinition = {
  name: 'protocol_error_job',
  description: 'Its handler throws (conformance fixture: a task that fails at the protocol level).',
  taskSupport: 'optional',
  inputSchema: noArgs,
  handler: async () => {
    throw new Error('protocol_error_job: deliberate handler failure');
  },
};

const elicit = (message: string, property: string, type: string) => ({
  method: 'elicitation/create',
  params: {
    message,
    requestedSchema: { type: 'object', properties: { [property]: { type } }, required: [property] },
  },
});

/** `confirm_delete`: task-supporting; as a task it asks for confirmation (input_required) before it answers. */
const confirmDelete: ToolDefinition = {
  name: 'confirm_delete',
  description: 'Asks to confirm, then "deletes" the file (conformance fixture: a task that waits for input).',
  taskSupport: 'optional',
  inputSchema: {
    type: 'object',
    properties: { filename: { type: 'string' } },
    required: ['filename'],
    examples: [{ filename: 'a.txt' }],
  },
  handler: async (args, call) => {
    if (call.askInput === undefined) return { filename: args.filename, deleted: false, asked: false };
    const answers = await call.askInput({
      confirm: elicit(`Delete ${String(args.filename)}?`, 'confirm', 'boolean'),
    });
    const answer = answers.confirm as { action?: string; content?: { confirm?: unknown } } | undefined;
    const deleted = answer?.action === 'accept' && answer.content?.confirm === true;
    return { filename: args.filename, deleted, asked: true };
  },
};

/** `multi_input`: task-supporting; as a task it asks two questions at once (both pending together). */
const multiInput: ToolDefinition = {
  name: 'multi_input',
  description: 'Asks two questions at once (conformance fixture: a task with two pending inputs).',
  taskSupport: 'optional',
  inputSchema: noArgs,
  handler: async (_args, call) => {
    if (call.askInput === undefined) return { asked: false };
    const answers = await call.askInput({
      first: elicit('First: your name?', 'name', 'string'),
      second: elicit('Second: confirm?', 'confirm', 'boolean'),
    });
    return { asked: true, answered: Object.keys(answers).sort() };
  },
};

/** `test_tool_with_task`: task support required; asks for a name (input_required) before its task starts. */
const toolWithTask: ToolDefinition = {
  name: 'test_tool_with_task',
  description: 'Asks for a name, then greets in a task (conformance fixture: input rounds, then a task).',
  taskSupport: 'required',
  inputSchema: noArgs,
  gatherInput: (_args, answers) =>
    answers.user_name === undefined
      ? { user_name: elicit('What is your name?', 'name', 'string') }
      : undefined,
  handler: async (_args, call) => {
    const answer = call.gathered?.user_name as { content?: { name?: unknown } } | undefined;
    return `Hello, ${String(answer?.content?.name ?? 'stranger')}! (greeted in a task)`;
  },
};

/** The fixtures of the suite's Tasks extension scenarios (tasks-lifecycle, -wire-fields, -request-headers…). */
export const taskFixtureTools: readonly ToolDefinition[] = [
  greet,
  slowCompute,
  failingJob,
  protocolErrorJob,
  confirmDelete,
  multiInput,
  toolWithTask,
];
