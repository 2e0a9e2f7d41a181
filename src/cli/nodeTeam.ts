/**
 * A team for Node (the CLI, benches and tests): the calling thread plus threads − 1 helper
 * threads serving the team channel (src/worker/teamLink.ts). Returns once every helper listens, so
 * the first binding reaches them all. Helpers are unreferenced: they never keep Node alive.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { useTeam } from '../core/parallel/ambient.ts';
import { serialTeam, type Team } from '../core/parallel/team.ts';
import { hasMethod, methodSpec } from '../core/platform/registry.ts';
import type { Call } from '../core/platform/spec.ts';
import { broadcastLink, SharedTeam } from '../worker/teamLink.ts';
import { badOption } from '../core/base/errors.ts';

export interface NodeTeam {
  team: Team;
  close(): Promise<void>;
}

/** Threads to use by default: the machine's cores, at most 4 (as the app's pool). */
export function defaultThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

export async function startNodeTeam(threads = defaultThreads()): Promise<NodeTeam> {
  if (!Number.isInteger(threads) || threads < 1)
    throw badOption(`threads must be a whole number ≥ 1, got ${threads}`);
  if (threads === 1) return { team: serialTeam, close: async () => {} };
  const channel = `team-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const entry = new URL('./teamThread.ts', import.meta.url).href;
  const helpers = Array.from({ length: threads - 1 }, () => {
    // tsx's loader is registered inside the thread, then the TypeScript entry is imported.
    const worker = new Worker(
      `import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry)}))`,
      { eval: true, workerData: { channel } },
    );
    return worker;
  });
  await Promise.all(
    helpers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.once('message', () => resolve());
          worker.once('error', reject);
        }),
    ),
  );
  for (const worker of helpers) worker.unref();
  const link = broadcastLink(channel);
  const team = new SharedTeam(link, threads);
  return {
    team,
    async close() {
      team.close();
      link.close();
      await Promise.all(helpers.map((worker) => worker.terminate()));
    },
  };
}

/** Whether a call, or one of its inputs, runs a method that splits its work across a team. */
export function usesTeam(call: Call): boolean {
  if (hasMethod(call.method) && methodSpec(call.method).team) return true;
  return Object.values(call.inputs ?? {}).some((input) =>
    (Array.isArray(input) ? input : [input]).some(usesTeam),
  );
}

/**
 * Runs `work` with this thread's team set to `threads` threads when the call uses a team (a
 * method's `team` in its spec) (else alone: starting helpers costs about 0.2 s). The output does not depend on it.
 */
export async function withTeam<T>(
  call: Call,
  threads: number | undefined,
  work: () => T,
): Promise<T> {
  if (!usesTeam(call)) return work();
  const started = await startNodeTeam(threads ?? defaultThreads());
  useTeam(started.team);
  try {
    return work();
  } finally {
    useTeam(serialTeam);
    await started.close();
  }
}
