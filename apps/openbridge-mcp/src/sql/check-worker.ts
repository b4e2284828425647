// Worker thread body: runs the SQL guard (several PEG grammars, CPU-bound) off the server's event loop.
import { parentPort } from 'node:worker_threads';
import { checkSql } from '../tools/sql-check.js';

export interface CheckRequest {
  id: number;
  sql: string;
  allowUnbounded: boolean;
}

parentPort?.on('message', (req: CheckRequest) => {
  parentPort?.postMessage({ id: req.id, check: checkSql(req.sql, req.allowUnbounded) });
});
