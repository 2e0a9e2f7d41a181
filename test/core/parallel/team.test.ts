/**
 * Teams of threads (src/core/parallel/team.ts, src/worker/teamLink.ts, src/cli/nodeTeam.ts): every
 * task of a step runs exactly once, whoever claims it; a helper's failure makes the caller run
 * the step itself; and a t-SNE gives the same layout, bit for bit, on 1, 2 or 3 threads, with
 * the helpers really taking tasks; NN-descent's local joins give the same graph too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startNodeTeam, type NodeTeam } from '../../../src/cli/nodeTeam.ts';
import { runTsne } from '../../../src/core/projection/tsne.ts';
import { teamGradient } from '../../../src/core/projection/parallelGradient.ts';
import { barnesHutRepulsion } from '../../../src/core/projection/barnesHut.ts';
import { vectorInput } from '../../../src/core/platform/projectionInput.ts';
import {
  allocate,
  CONTROL_CELLS,
  helpOnce,
  serialTeam,
  TeamCaller,
  WAKE,
  type KernelInstance,
} from '../../../src/core/parallel/team.ts';
import { createRandom, gaussian } from '../../../src/core/base/random.ts';
import { computeCounts } from '../../../src/core/data/counts/counts.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { standaloneRepresentation } from '../../../src/core/platform/representation.ts';
import { approximateNeighbourSteps } from '../../../src/core/neighbours/approximateKnn.ts';
import { exactKthDistances, recallWithTies } from '../../../src/core/neighbours/recall.ts';
import type { InputRef as Call } from '../../../src/core/platform/spec.ts';
import { prototypeTable } from '../../../bench/generate.ts';

/** A caller whose local task 0 lets a "helper" (this same thread, re-entrantly) take the rest. */
function stepWithHelper(
  tasks: number,
  helper: KernelInstance | undefined,
  pause: () => void = () => {},
) {
  const caller = new TeamCaller(allocate(Int32Array, CONTROL_CELLS, true));
  const ranBy: string[] = new Array(tasks).fill('');
  let helped = 0;
  const local: KernelInstance = {
    task(index, generation) {
      ranBy[index] += 'caller ';
      if (index === 0 && ranBy[0] === 'caller ')
        helped = helpOnce(caller.control, Atomics.load(caller.control, WAKE), () => helper, pause);
      expect(generation).toBe(Atomics.load(caller.control, WAKE));
    },
  };
  caller.run(7, tasks, local);
  return { ranBy, helped, stats: caller.stats };
}

describe('the team protocol', () => {
  it('runs every task once: a helper takes what the caller has not claimed', () => {
    const ranBy: string[] = [];
    const helper: KernelInstance = { task: (index) => void (ranBy[index] = 'helper') };
    const step = stepWithHelper(10, helper);
    for (let t = 1; t < 10; t++) ranBy[t] = `${step.ranBy[t]}${ranBy[t]}`.trim();
    expect(step.ranBy[0]).toBe('caller ');
    expect(ranBy.slice(1)).toEqual(new Array(9).fill('helper'));
    expect(step.helped).toBe(9);
    expect(step.stats).toEqual({ steps: 1, tasks: 10, local: 1 });
  });

  it('lets the host pause a helper before each task it claims (a busy page)', () => {
    const events: string[] = [];
    const helper: KernelInstance = { task: (index) => void events.push(`task ${index}`) };
    const step = stepWithHelper(4, helper, () => events.push('pause'));
    expect(step.helped).toBe(3);
    // One pause before each claim, and one before finding the step has no task left.
    expect(events).toEqual(['pause', 'task 1', 'pause', 'task 2', 'pause', 'task 3', 'pause']);
  });

  it('leaves the tasks to the caller when the helper lacks the binding', () => {
    const step = stepWithHelper(5, undefined);
    expect(step.helped).toBe(0);
    expect(step.ranBy).toEqual(new Array(5).fill('caller '));
  });

  it('has the caller run the whole step again when a helper’s task throws', () => {
    const helper: KernelInstance = {
      task: (index) => {
        if (index === 3) throw new Error('lost');
      },
    };
    const step = stepWithHelper(5, helper);
    // Tasks 1-4 went to the helper; one failed, so the caller ran all five afterwards.
    expect(step.ranBy).toEqual(['caller caller ', 'caller ', 'caller ', 'caller ', 'caller ']);
  });

  it('refuses a control block outside shared memory and steps of too many tasks', () => {
    expect(() => new TeamCaller(new Int32Array(CONTROL_CELLS))).toThrow(/shared memory/);
    const caller = new TeamCaller(allocate(Int32Array, CONTROL_CELLS, true));
    expect(() => caller.run(1, (1 << 15) + 1, { task() {} })).toThrow(/tasks/);
  });
});

describe('a t-SNE on a team of threads', () => {
  const teams: NodeTeam[] = [];
  afterAll(async () => {
    await Promise.all(teams.map((t) => t.close()));
  });

  it('gives the same layout on 1, 2 and 3 threads, and the helpers take tasks', async () => {
    // 2,500 points of a 10-D mixture: Barnes-Hut (above 1,000 points).
    const n = 2500;
    const dims = 10;
    const random = createRandom(4);
    const data = new Float64Array(n * dims);
    for (let i = 0; i < n; i++)
      for (let d = 0; d < dims; d++)
        data[i * dims + d] = gaussian(random) + (d === i % dims ? 6 : 0);
    const input = vectorInput(data, n, dims);
    const options = { iterations: 120, seed: 2, init: 'random' as const };
    const alone = runTsne(input, { ...options, team: serialTeam });
    expect(alone.gradient).toBe('barnes-hut');
    for (const threads of [2, 3]) {
      const started = await startNodeTeam(threads);
      teams.push(started);
      const shared = runTsne(input, { ...options, team: started.team });
      expect(shared.kl).toBe(alone.kl);
      expect(Buffer.from(shared.coordinates.buffer)).toEqual(Buffer.from(alone.coordinates.buffer));
      const stats = (
        started.team as unknown as { stats: { steps: number; tasks: number; local: number } }
      ).stats;
      // P's calibration, then two steps for each of 120 iterations and the final Z.
      expect(stats.steps).toBe(243);
      expect(stats.local).toBeLessThan(stats.tasks);
    }
  }, 120_000);

  it('sums the repulsion over one shared tree, or over each thread’s own, alike', async () => {
    // A clustered layout (some points nearly coincident: a deep tree) with a sparse P.
    const n = 3000;
    const random = createRandom(6);
    const y = Float64Array.from({ length: 2 * n }, (_, t) =>
      t % 7 === 0 ? 1e-9 * random.next() : 20 * gaussian(random),
    );
    const rowStart = Int32Array.from({ length: n + 1 }, (_, i) => 5 * i);
    const columns = Int32Array.from(
      { length: 5 * n },
      (_, s) => (Math.floor(s / 5) + 1 + (s % 5) * 37) % n,
    );
    const values = Float64Array.from({ length: 5 * n }, () => random.next() / (5 * n));
    const p = { n, rowStart, columns, values };
    const run = (team: NodeTeam['team'] | typeof serialTeam, sharedNodes?: number) => {
      const onTeam = teamGradient(p, 0.5, null, team, sharedNodes);
      onTeam.y.set(y);
      const gradient = new Float64Array(2 * n);
      const z = onTeam.compute(2, gradient);
      const repulsive = Float64Array.from(onTeam.repulsive);
      // Again: on a team, a tree that did not fit has grown the shared arrays meanwhile.
      const again = new Float64Array(2 * n);
      expect(onTeam.compute(2, again)).toBe(z);
      expect(Buffer.from(again.buffer)).toEqual(Buffer.from(gradient.buffer));
      onTeam.release();
      return { z, gradient, repulsive };
    };
    const reference = run(serialTeam);
    // The serial Barnes-Hut: the same forces; Z summed in one pass, not chunk by chunk.
    const force = new Float64Array(2 * n);
    const z = barnesHutRepulsion(n, 0.5).compute(y, force);
    expect(reference.repulsive).toEqual(force);
    expect(Math.abs(reference.z - z)).toBeLessThanOrEqual(1e-12 * z);
    const started = await startNodeTeam(2);
    teams.push(started);
    for (const [team, sharedNodes] of [
      [serialTeam, 0],
      [started.team, undefined],
      [started.team, 0],
    ] as const) {
      const other = run(team, sharedNodes);
      expect(other.z).toBe(reference.z);
      expect(Buffer.from(other.gradient.buffer)).toEqual(Buffer.from(reference.gradient.buffer));
    }
  }, 60_000);
});

/** A 3,000-row generated table under Hamming or CADO, as a projection input. */
function tableInput(method: 'hamming' | 'cado') {
  const table = prototypeTable({
    rows: 3000,
    valueCounts: Array.from({ length: 12 }, (_, a) => 2 + ((a * 5) % 7)),
    classes: 6,
    subclasses: 6,
    seed: 8,
  });
  const call: Call =
    method === 'cado'
      ? { method: 'cas', options: {}, inputs: {}, result: 'cado' }
      : { method: 'hamming', options: {}, inputs: {} };
  return runToEnd(standaloneRepresentation(table, computeCounts(table), call)).input;
}

describe('NN-descent on a team of threads', () => {
  const teams: NodeTeam[] = [];
  afterAll(async () => {
    await Promise.all(teams.map((t) => t.close()));
  });

  it.each(['hamming', 'cado'] as const)(
    'gives the same lists on 1, 2 and 3 threads under %s, at recall ≥ 0.98',
    async (method) => {
      const input = tableInput(method);
      // Blocks of 1,024 points, so that a round's blocks chain.
      const search = (team: NodeTeam['team']) =>
        runToEnd(approximateNeighbourSteps(input, 30, createRandom(3), { block: 1024 }, team));
      const alone = search(serialTeam);
      expect(alone.search).toMatchObject({ method: 'nn-descent' });
      expect((alone.search as { distinct: number }).distinct).toBeGreaterThan(2048);
      for (const threads of [2, 3]) {
        const started = await startNodeTeam(threads);
        teams.push(started);
        const shared = search(started.team);
        expect(shared.search).toEqual(alone.search);
        expect(Buffer.from(shared.indices.buffer)).toEqual(Buffer.from(alone.indices.buffer));
        expect(Buffer.from(shared.distances.buffer)).toEqual(Buffer.from(alone.distances.buffer));
        const stats = (started.team as unknown as { stats: { tasks: number; local: number } })
          .stats;
        expect(stats.local).toBeLessThan(stats.tasks);
      }
      // Still a good search: recall with ties on 300 seeded rows against exact scans.
      const random = createRandom(9);
      const queries = Int32Array.from({ length: 300 }, () => random.int(input.n));
      const kth = runToEnd(exactKthDistances(input, queries, 30));
      expect(recallWithTies(alone, queries, kth).mean).toBeGreaterThanOrEqual(0.98);
    },
    180_000,
  );
});

describe('NN-descent’s join steps', () => {
  it('give the same graph whatever the block, and when chunks overflow the pool of offers', () => {
    const input = tableInput('hamming');
    const search = (tuning: { block?: number; poolPerPoint?: number }) =>
      runToEnd(approximateNeighbourSteps(input, 30, createRandom(5), tuning, serialTeam));
    const reference = search({});
    // One block, blocks of 500, a pool that holds a few chunks' offers, and none at all
    // (every chunk found again and offered at once by the caller).
    for (const tuning of [
      { block: 1 << 20 },
      { block: 500 },
      { poolPerPoint: 4 },
      { poolPerPoint: 0 },
    ]) {
      const other = search(tuning);
      expect(other.search).toEqual(reference.search);
      expect(Buffer.from(other.indices.buffer)).toEqual(Buffer.from(reference.indices.buffer));
    }
  }, 120_000);
});
