import type { Steps } from '../base/jobs.ts';
import type { Binding } from './team.ts';

/** A run of at most `tasksPerStep` chunk tasks: its first chunk, its tasks, the objects covered. */
export interface ChunkRun {
  first: number;
  tasks: number;
  /** Objects the run's chunks cover (the last chunk may be short). */
  objects: number;
  /** Objects covered by this run and every run before it. */
  done: number;
}

/** Runs of at most `tasksPerStep` chunks of `chunk` objects covering `objects` objects. */
export function* chunkRuns(
  objects: number,
  chunk: number,
  tasksPerStep: number,
): Generator<ChunkRun, void, void> {
  const chunks = Math.ceil(objects / chunk);
  for (let first = 0; first < chunks; first += tasksPerStep) {
    const tasks = Math.min(tasksPerStep, chunks - first);
    const done = Math.min(objects, (first + tasks) * chunk);
    yield { first, tasks, objects: done - first * chunk, done };
  }
}

/**
 * A bound kernel whose task t handles chunk params[0] + t, run over every chunk of `objects`
 * objects a few tasks at a time, with progress between runs (`what done/objects`); the binding
 * is released at the end, also when the caller stops early.
 */
export function* chunkSteps(
  binding: Binding,
  params: Int32Array,
  objects: number,
  chunk: number,
  tasksPerStep: number,
  what: string,
): Steps<void> {
  try {
    for (const run of chunkRuns(objects, chunk, tasksPerStep)) {
      params[0] = run.first;
      binding.run(run.tasks);
      yield { fraction: run.done / objects, message: `${what} ${run.done}/${objects}` };
    }
  } finally {
    binding.release();
  }
}
