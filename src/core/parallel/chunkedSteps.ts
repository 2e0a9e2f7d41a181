/**
 * A kernel bound on a team (team.ts) run over `objects` objects in chunks: task t of a step
 * covers chunk params[0] + t, a step holds at most `perStep` tasks, and progress is reported
 * between steps. The kernel reads params[0] to find its chunk.
 */
import type { Steps } from '../base/jobs.ts';
import type { Binding } from './team.ts';

export interface ChunkedRun {
  objects: number;
  /** Objects a task. */
  chunk: number;
  /** Tasks a step. */
  perStep: number;
  /** The progress message. */
  message: string;
}

export function* chunkedSteps(binding: Binding, params: Int32Array, run: ChunkedRun): Steps<void> {
  const { objects, chunk, perStep, message } = run;
  const chunks = Math.ceil(objects / chunk);
  for (let first = 0; first < chunks; first += perStep) {
    params[0] = first;
    binding.run(Math.min(perStep, chunks - first));
    const done = Math.min(objects, (first + perStep) * chunk);
    yield { fraction: done / objects, message };
  }
}
