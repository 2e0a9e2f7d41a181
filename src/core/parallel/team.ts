import { internal } from '../base/errors.ts';
/**
 * A team of threads sharing one computation (issue 15): the thread running a job (the caller)
 * splits a step into numbered tasks; idle threads (the pool's other workers, or helper threads in
 * Node) take tasks too. Tasks are claimed one at a time from a shared ticket, so whoever is free
 * does the next one, and the caller does all of them when nobody helps. A kernel's output must
 * depend only on its inputs and the task index (each task writes its own slice), never on which
 * thread ran it: results are then identical whatever the team's size.
 *
 * The protocol, on Int32 cells of a SharedArrayBuffer (one control block per caller):
 *   - the caller writes TASKS and BINDING, zeroes DONE, opens TICKET = generation << 15 | 0,
 *     bumps WAKE and notifies;
 *   - a thread claims task t by a compare-exchange of TICKET from (generation, t) to (generation,
 *     t + 1), runs it, and adds 1 to DONE (notifying at the last);
 *   - the caller claims tasks the same way, then waits until DONE = TASKS and closes TICKET.
 * TASKS and BINDING change only while TICKET is closed, and a claim carries the generation, so a
 * thread that read a finished generation's ticket can never take a task of the next one.
 */

export const WAKE = 0;
export const TICKET = 1;
export const DONE = 2;
export const TASKS = 3;
export const BINDING = 4;
/** Set by a helper whose task threw: the caller then runs the whole step again itself. */
export const FAILED = 5;
export const CONTROL_CELLS = 8;
/** A closed ticket: no task may be claimed. */
const CLOSED = -1;
const INDEX_BITS = 15;
/** At most this many tasks a step (the ticket packs the index in 15 bits). */
export const MAX_TASKS = 1 << INDEX_BITS;
const GENERATIONS = 1 << 16;

/** A kernel bound to its inputs: runs task `index` of generation `generation`. */
export interface KernelInstance {
  task(index: number, generation: number): void;
}

/** Plain data only: numbers, strings and typed arrays (shared when the team has helpers). */
export type KernelInputs = Record<string, unknown>;

export type KernelFactory = (inputs: KernelInputs) => KernelInstance;

/** A kernel bound on every thread of a team. */
export interface Binding {
  /** Runs tasks 0 … tasks − 1 across the team and returns when all are done. */
  run(tasks: number): void;
  release(): void;
}

export type SharedKind =
  | Float64ArrayConstructor
  | Float32ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | Uint16ArrayConstructor;

export interface Team {
  /** Threads that may take tasks, the caller included. */
  readonly size: number;
  /** Typed arrays the helpers can see: on shared memory when the team has helpers. */
  allocate<K extends SharedKind>(kind: K, length: number): InstanceType<K>;
  /** Binds the kernel `name` (registered in kernels.ts) to its inputs on every thread. */
  bind(name: string, inputs: KernelInputs, local: KernelInstance): Binding;
}

/** No helpers: the caller runs every task itself, in order. */
export const serialTeam: Team = {
  size: 1,
  allocate: (kind, length) => allocate(kind, length, false),
  bind(_name, _inputs, local) {
    let generation = 0;
    return {
      run(tasks) {
        generation = (generation + 1) % GENERATIONS;
        for (let t = 0; t < tasks; t++) local.task(t, generation);
      },
      release() {},
    };
  },
};

/** Whether `buffer` is shared memory (false where SharedArrayBuffer is not even defined). */
export function isShared(buffer: ArrayBufferLike): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && buffer instanceof SharedArrayBuffer;
}

/**
 * `a` where the team's threads can read it: `a` itself when it is shared already or the team's
 * memory is plain (it has no helpers), else a copy in the team's memory.
 */
export function shareWith<
  T extends Float64Array | Float32Array | Int32Array | Uint32Array | Uint16Array,
>(team: Team, a: T): T {
  if (isShared(a.buffer) || !isShared(team.allocate(Int32Array, 0).buffer)) return a;
  const out = team.allocate(a.constructor as SharedKind, a.length) as unknown as T;
  out.set(a as never);
  return out;
}

/** A typed array of `length` elements, on a SharedArrayBuffer when `shared`. */
export function allocate<K extends SharedKind>(
  kind: K,
  length: number,
  shared: boolean,
): InstanceType<K> {
  const bytes = length * kind.BYTES_PER_ELEMENT;
  if (!shared) return new kind(length) as InstanceType<K>;
  return new (kind as Float64ArrayConstructor)(
    new SharedArrayBuffer(bytes) as unknown as ArrayBuffer,
  ) as InstanceType<K>;
}

/** The caller's side of a control block. */
export class TeamCaller {
  private generation = 0;
  /** Steps run, their tasks, and how many of those this thread ran itself. */
  readonly stats = { steps: 0, tasks: 0, local: 0 };

  constructor(readonly control: Int32Array) {
    if (!(control.buffer instanceof SharedArrayBuffer) || control.length < CONTROL_CELLS)
      throw internal('a team needs its control cells in shared memory');
    Atomics.store(control, TICKET, CLOSED);
  }

  run(binding: number, tasks: number, local: KernelInstance): void {
    if (!Number.isInteger(tasks) || tasks < 0 || tasks > MAX_TASKS)
      throw internal(`a team step holds 0 to ${MAX_TASKS} tasks, got ${tasks}`);
    const c = this.control;
    const generation = (this.generation = (this.generation + 1) % GENERATIONS);
    Atomics.store(c, TASKS, tasks);
    Atomics.store(c, BINDING, binding);
    Atomics.store(c, DONE, 0);
    Atomics.store(c, FAILED, 0);
    Atomics.store(c, TICKET, generation << INDEX_BITS);
    Atomics.store(c, WAKE, generation);
    Atomics.notify(c, WAKE);
    try {
      for (;;) {
        const t = claim(c, generation, tasks);
        if (t < 0) break;
        local.task(t, generation);
        Atomics.add(c, DONE, 1);
        this.stats.local++;
      }
      this.stats.steps++;
      this.stats.tasks += tasks;
      // Helpers finishing their last tasks; each notifies when DONE reaches TASKS.
      for (let done = Atomics.load(c, DONE); done < tasks; done = Atomics.load(c, DONE))
        Atomics.wait(c, DONE, done, 50);
    } finally {
      Atomics.store(c, TICKET, CLOSED);
    }
    // A helper's task threw (it should not): the step is run again here, where an error is seen.
    if (Atomics.load(c, FAILED) !== 0) for (let t = 0; t < tasks; t++) local.task(t, generation);
  }
}

/** Claims the next task of `generation`, or returns −1 when none is left (or it is over). */
function claim(c: Int32Array, generation: number, tasks: number): number {
  for (;;) {
    const ticket = Atomics.load(c, TICKET);
    if (ticket === CLOSED || ticket >>> INDEX_BITS !== generation) return -1;
    const index = ticket & (MAX_TASKS - 1);
    if (index >= tasks) return -1;
    if (Atomics.compareExchange(c, TICKET, ticket, ticket + 1) === ticket) return index;
  }
}

/**
 * A helper's turn at a caller's control block, woken for `generation`: takes tasks until none is
 * left. `instanceOf` finds the helper's own instance of the bound kernel; without one (its
 * binding has not arrived yet) the helper leaves the tasks to the others. `pause` runs before each
 * claim: a pool worker gives way to a busy page there, as its own jobs do at every step.
 */
export function helpOnce(
  c: Int32Array,
  generation: number,
  instanceOf: (binding: number) => KernelInstance | undefined,
  pause: () => void = () => {},
): number {
  let ran = 0;
  for (;;) {
    // Before each claim (holding none): the host may make this thread wait, e.g. for a busy page.
    pause();
    const ticket = Atomics.load(c, TICKET);
    if (ticket === CLOSED || ticket >>> INDEX_BITS !== generation) return ran;
    // Read while this generation's ticket is open: TASKS and BINDING are its own.
    const tasks = Atomics.load(c, TASKS);
    const instance = instanceOf(Atomics.load(c, BINDING));
    if (!instance) return ran;
    const index = ticket & (MAX_TASKS - 1);
    if (index >= tasks) return ran;
    if (Atomics.compareExchange(c, TICKET, ticket, ticket + 1) !== ticket) continue;
    try {
      instance.task(index, generation);
    } catch {
      Atomics.store(c, FAILED, 1);
    } finally {
      if (Atomics.add(c, DONE, 1) + 1 === tasks) Atomics.notify(c, DONE);
    }
    ran++;
  }
}
