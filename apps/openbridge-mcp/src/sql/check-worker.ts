// Worker thread body: runs the SQL guard (a PEG grammar, CPU-bound) off the server's event loop.
import { parentPort } from 'node:worker_threads';
import { checkSql } from '../tools/sql-check.js';
import type { Warehouse } from './warehouses.js';

export interface CheckRequest {
  id: string;
  sql: string;
  warehouse: Warehouse;
  allowUnbounded: boolean;
}

parentPort?.on('message', (req: CheckRequest) => {
  parentPort?.postMessage({ id: req.id, check: checkSql(req.sql, req.warehouse, req.allowUnbounded) });
});
