// Sandbox worker entry: the worker's port and limits handed to serveSandbox (serve-sandbox.ts), which does the work.
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerInit } from './protocol.js';
import { serveSandbox } from './serve-sandbox.js';

if (!parentPort) throw new Error('sandbox-worker.js must run in a worker thread');
serveSandbox(parentPort, (workerData as WorkerInit).limits);
