// A round-robin HTTP proxy on loopback: the load balancer in front of two replicas (no stickiness), counting who served what.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobin {
  origin: string;
  /** Requests each backend (by index) served. */
  served: number[];
  /** The backend (by index) of every request, in order. */
  log: number[];
  close(): Promise<void>;
}

export async function roundRobin(ports: () => number[], listenPort: number): Promise<RoundRobin> {
  const served: number[] = [];
  const log: number[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const targets = ports();
    const index = next++ % targets.length;
    served[index] = (served[index] ?? 0) + 1;
    log.push(index);
    const upstream = request(
      { host: '127.0.0.1', port: targets[index], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
