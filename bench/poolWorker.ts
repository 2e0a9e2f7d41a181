/**
 * A pool worker for Node (bench/parallel.bench.ts): the same explorer API as the browser's
 * src/worker/explorer.worker.ts, on a worker_threads port.
 */
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { parentPort } from 'node:worker_threads';
import { discoverMethods } from '../src/cli/discover.ts';
import { createExplorerApi } from '../src/worker/api.ts';

if (!parentPort) throw new Error('bench/poolWorker.ts runs as a worker thread');
await discoverMethods();
expose(createExplorerApi(), nodeEndpoint(parentPort));
