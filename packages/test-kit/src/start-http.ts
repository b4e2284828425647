// startHttp: spawn a server with `--http --port 0` and read the bound port from its `server ready` log line.
import { type ChildProcess, spawn } from 'node:child_process';

export interface RunningHttp {
  child: ChildProcess;
  url: string;
  stderr(): string;
  stop(): Promise<number | null>;
}

function readyPort(line: string): number | undefined {
  try {
    const parsed = JSON.parse(line) as { msg?: unknown; transport?: unknown; port?: unknown };
    if (parsed.msg === 'server ready' && parsed.transport === 'http' && typeof parsed.port === 'number') {
      return parsed.port;
    }
  } catch {
    // not a JSON log line
  }
  return undefined;
}

/** `env` is added to this process's environment for the child (an app's opt-in flags). */
export function startHttp(
  args: string[],
  cwd: string,
  timeoutMs = 30_000,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningHttp> {
  const child = spawn(process.execPath, [...args, '--http', '--port', '0'], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let pending = '';
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const stop = async (): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return new Promise<RunningHttp>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not log "server ready" within ${timeoutMs} ms:\n${stderr}`));
    }, timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr += text;
      const lines = (pending + text).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const port = readyPort(line);
        if (port === undefined) continue;
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${port}/mcp`, stderr: () => stderr, stop });
        return;
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (code ${code}) before it was ready:\n${stderr}`));
    });
  });
}
