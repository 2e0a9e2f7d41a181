/** A helper thread of a Node team (nodeTeam.ts): serves the team channel given in workerData. */
import { parentPort, workerData } from 'node:worker_threads';
import { broadcastLink, serveTeams } from '../worker/teamLink.ts';
import { internal } from '../core/base/errors.ts';

if (!parentPort) throw internal('src/cli/teamThread.ts runs as a worker thread');
serveTeams(broadcastLink((workerData as { channel: string }).channel));
parentPort.postMessage('ready');
