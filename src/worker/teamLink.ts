/**
 * Teams across threads (src/core/parallel/team.ts) over a link: a thread that runs a job binds a
 * kernel by sending its inputs (typed arrays on SharedArrayBuffers) and its control cells to
 * every other thread of the link; each of those serving teams (serveTeams) keeps its own
 * instance of the kernel and takes tasks whenever the caller opens a step. In the app the link is
 * a MessagePort to the page, which relays to the pool's other workers (Chrome does not pass
 * shared memory through a BroadcastChannel: the message arrives as null), so idle workers help a
 * busy one; in Node (CLI, benches, tests) it is a BroadcastChannel joining helper threads
 * (src/cli/nodeTeam.ts).
 */
import { kernelFactory } from '../core/parallel/kernels.ts';
import {
  allocate,
  CONTROL_CELLS,
  helpOnce,
  TeamCaller,
  WAKE,
  type KernelInputs,
  type KernelInstance,
  type Team,
} from '../core/parallel/team.ts';
import '../core/allKernels.ts';

export type TeamMessage =
  | {
      type: 'bind';
      team: string;
      control: Int32Array;
      binding: number;
      kernel: string;
      inputs: KernelInputs;
    }
  | { type: 'release'; team: string; binding: number };

/** How a thread reaches the others: every message posted reaches every other thread once. */
export interface TeamLink {
  post(message: TeamMessage): void;
  listen(handler: (message: TeamMessage) => void): void;
  close(): void;
}

/** All threads on a BroadcastChannel of this name (Node's passes shared memory). */
export function broadcastLink(name: string): TeamLink {
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(handler) {
      channel.onmessage = (event: MessageEvent<TeamMessage>) => handler(event.data);
    },
    close: () => channel.close(),
  };
}

/** A port to a relay that forwards each message to every other thread's port (the app's page). */
export function portLink(port: MessagePort): TeamLink {
  return {
    post: (message) => port.postMessage(message),
    listen(handler) {
      port.onmessage = (event: MessageEvent<TeamMessage>) => handler(event.data);
    },
    close: () => port.close(),
  };
}

/** Teams whose caller is this thread: its own helper leaves them alone. */
const ownTeams = new Set<string>();

export class SharedTeam implements Team {
  private readonly caller: TeamCaller;
  private readonly id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  private nextBinding = 1;

  constructor(
    private readonly link: TeamLink,
    readonly size: number,
  ) {
    this.caller = new TeamCaller(allocate(Int32Array, CONTROL_CELLS, true));
    ownTeams.add(this.id);
  }

  allocate: Team['allocate'] = (kind, length) => allocate(kind, length, true);

  bind(name: string, inputs: KernelInputs, local: KernelInstance) {
    const binding = this.nextBinding++;
    const team = this.id;
    this.post({ type: 'bind', team, control: this.caller.control, binding, kernel: name, inputs });
    return {
      run: (tasks: number) => this.caller.run(binding, tasks, local),
      release: () => this.post({ type: 'release', team, binding }),
    };
  }

  /** Steps run, their tasks, and how many of those this thread ran itself. */
  get stats(): Readonly<TeamCaller['stats']> {
    return this.caller.stats;
  }

  /** Forgets this team (the link is closed by its owner). */
  close(): void {
    ownTeams.delete(this.id);
  }

  private post(message: TeamMessage): void {
    this.link.post(message);
  }
}

/** ES2024's Atomics.waitAsync (Chrome 87+, Node 16+), not yet in this project's lib. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      cells: Int32Array,
      index: number,
      value: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

interface Served {
  control: Int32Array;
  bindings: Map<number, KernelInstance>;
}

/**
 * Makes this thread a helper of every team on the channel. It waits with Atomics.waitAsync, so
 * its event loop stays free: a pool worker keeps serving its own jobs and helps between them (and
 * between the steps of its own). `pause` runs before each task it claims (a pool worker gives way
 * to a busy page there). `helped()` counts the tasks it ran for others.
 */
export function serveTeams(
  link: TeamLink,
  pause: () => void = () => {},
): { helped(): number; stop(): void } {
  const teams = new Map<string, Served>();
  let open = true;
  let helped = 0;
  link.listen((message) => {
    if (!message || ownTeams.has(message.team)) return;
    if (message.type === 'release') {
      teams.get(message.team)?.bindings.delete(message.binding);
      return;
    }
    const factory = kernelFactory(message.kernel);
    if (!factory) return; // a kernel this thread does not know: the others do its tasks
    let served = teams.get(message.team);
    if (!served) {
      served = { control: message.control, bindings: new Map() };
      teams.set(message.team, served);
      void watch(served);
    }
    const { bindings, control } = served;
    bindings.set(message.binding, factory(message.inputs));
    // The caller may have opened the binding's first step before this message came (the wake
    // found no instance and left): join it now if it is still open.
    if (open)
      helped += helpOnce(control, Atomics.load(control, WAKE), (b) => bindings.get(b), pause);
  });
  async function watch(served: Served): Promise<void> {
    const { control, bindings } = served;
    let seen = Atomics.load(control, WAKE);
    while (open) {
      const wait = waitAsync(control, WAKE, seen);
      if (wait.async) await wait.value;
      seen = Atomics.load(control, WAKE);
      if (open) helped += helpOnce(control, seen, (binding) => bindings.get(binding), pause);
    }
  }
  return {
    helped: () => helped,
    stop() {
      open = false;
    },
  };
}
