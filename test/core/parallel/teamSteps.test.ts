/**
 * The steps split across a team beside t-SNE's (issue 30): NN-descent's neighbour lists, the
 * neighbours of one object, t-SNE's P, LOF-OF's passes. Each gives the same result, bit for bit, on 1, 2 and
 * 3 threads (Node helper threads, one team of each size for the file), and the distances the
 * helpers evaluate from data are the input's own d(i, j) exactly. And every registered spec
 * whose run binds a kernel declares `team`, so the CLI (`usesTeam`) starts helpers for it.
 */
import { same, teamsOfOneToThree, TEAM_SPEC_IDS } from './teamFixture.ts';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { createRandom } from '../../../src/core/base/random.ts';
import { computeCounts } from '../../../src/core/data/counts/counts.ts';
import { lofOfSteps } from '../../../src/core/methods/detectors/lofOf.ts';
import { approximateNeighbourSteps } from '../../../src/core/neighbours/approximateKnn.ts';
import { perplexityAffinities } from '../../../src/core/projection/affinity.ts';
import { objectNeighbourSteps } from '../../../src/core/neighbours/ofObject.ts';
import { useTeam } from '../../../src/core/parallel/ambient.ts';
import { serialTeam, type Team } from '../../../src/core/parallel/team.ts';
import { distanceOf, type ProjectionInput } from '../../../src/core/platform/projectionInput.ts';
import { standaloneRepresentation } from '../../../src/core/platform/representation.ts';
import { allSpecs } from '../../../src/core/platform/registry.ts';
import { ExplorerSession } from '../../../src/core/platform/session.ts';
import type { InputRef as Call } from '../../../src/core/platform/spec.ts';
import { prototypeTable } from '../../../bench/generate.ts';
import { readFileSync } from 'node:fs';

const table = prototypeTable({
  rows: 700,
  valueCounts: [2, 5, 3, 7, 4, 2, 6, 3],
  classes: 4,
  subclasses: 3,
  seed: 30,
});
const counts = computeCounts(table);
const inputOf = (call: Call): ProjectionInput =>
  runToEnd(standaloneRepresentation(table, counts, call)).input;

const teamsOf = teamsOfOneToThree();

const distances: [string, Call][] = [
  ['CADO', { method: 'cas', options: {}, inputs: {}, result: 'cado' }],
  ['Hamming', { method: 'hamming', options: {}, inputs: {} }],
  ['DILCA', { method: 'dilca', options: {}, inputs: {} }],
  ['CDE', { method: 'cde', options: {}, inputs: {} }],
];

describe('steps split across a team give the same result on 1, 2 and 3 threads', () => {
  for (const [name, call] of distances)
    it(`NN-descent's neighbour lists under ${name}, with the input's own distances`, () => {
      const input = inputOf(call);
      const runs = teamsOf().map((team) =>
        runToEnd(approximateNeighbourSteps(input, 15, createRandom(4), {}, team)),
      );
      const [first] = runs;
      if (!first) throw new Error('no run');
      for (const run of runs.slice(1)) {
        expect(same(run.indices, first.indices)).toBe(true);
        expect(same(run.distances, first.distances)).toBe(true);
      }
      const d = distanceOf(input);
      for (let i = 0; i < input.n; i += 7)
        for (let t = 0; t < first.k; t++) {
          const j = first.indices[i * first.k + t] as number;
          expect(first.distances[i * first.k + t]).toBe(d(i, j));
        }
    });

  it('the neighbours of one object (every object scanned), with the input’s own distances', () => {
    for (const [, call] of distances.slice(0, 2)) {
      const input = inputOf(call);
      const d = distanceOf(input);
      for (const row of [0, 333]) {
        const runs = teamsOf().map((team) =>
          runToEnd(objectNeighbourSteps(input, row, 25, false, team)),
        );
        const [first] = runs;
        if (!first) throw new Error('no run');
        for (const run of runs.slice(1)) {
          expect(same(run.indices, first.indices)).toBe(true);
          expect(same(run.distances, first.distances)).toBe(true);
        }
        first.indices.forEach((j, t) => expect(first.distances[t]).toBe(d(row, j)));
      }
    }
  });

  it("t-SNE's P, calibrated row by row on the team, with and without multiplicities", () => {
    const input = inputOf(distances[0]![1]);
    const nn = runToEnd(approximateNeighbourSteps(input, 40, createRandom(3), {}, serialTeam));
    // Multiplicities as if some points stood for several objects (lists cut at 60 objects).
    const counts = Float64Array.from({ length: input.n }, (_, i) => 1 + (i % 4 === 0 ? 2 : 0));
    for (const [multiplicity, objects] of [
      [null, 40],
      [counts, 60],
    ] as const) {
      const runs = teamsOf().map((team) =>
        perplexityAffinities(nn, 12, multiplicity, objects, team),
      );
      const [first] = runs;
      if (!first) throw new Error('no run');
      for (const run of runs.slice(1)) {
        expect(same(run.rowStart, first.rowStart)).toBe(true);
        expect(same(run.columns, first.columns)).toBe(true);
        expect(same(run.values, first.values)).toBe(true);
        if (multiplicity)
          expect(same(run.self as Float64Array, first.self as Float64Array)).toBe(true);
      }
      let total = 0;
      for (const v of first.values) total += v;
      if (first.self) for (const v of first.self) total += v;
      expect(total).toBeCloseTo(1, 9);
    }
  });

  it('LOF-OF, its neighbourhoods kept or recomputed, rows scored inside and outside the fit', () => {
    const all = Int32Array.from({ length: table.nRows }, (_, i) => i);
    const fit = all.filter((i) => i % 3 !== 0);
    const scored = all.filter((i) => i % 2 === 0);
    for (const [fitRows, scoreRows, k] of [
      [all, all, 40],
      [fit, scored, 7],
    ] as const) {
      const kept = teamsOf().map((team) =>
        runToEnd(lofOfSteps(table, fitRows, scoreRows, { k }, team)),
      );
      // A store of 10 entries overflows at once: the densities and factors rescan the rows.
      const rescanned = teamsOf().map((team) =>
        runToEnd(lofOfSteps(table, fitRows, scoreRows, { k }, team, 10)),
      );
      for (const scores of [...kept.slice(1), ...rescanned])
        expect(same(scores, kept[0] as Float64Array)).toBe(true);
      expect((kept[0] as Float64Array).every((s) => Number.isFinite(s) && s > 0)).toBe(true);
    }
  });
});

describe('which specs declare a team', () => {
  it('every spec whose run binds a team kernel declares `team` (zoo, each with its defaults)', async () => {
    const zoo = readFileSync(new URL('../../../public/datasets/zoo.csv', import.meta.url), 'utf8');
    const bound = new Set<string>();
    const recorder: Team = {
      size: 2,
      allocate: serialTeam.allocate,
      bind(name, inputs, local) {
        bound.add(name);
        return serialTeam.bind(name, inputs, local);
      },
    };
    const undeclared: string[] = [];
    useTeam(recorder);
    try {
      for (const spec of allSpecs()) {
        if (spec.inputs?.length) continue; // steps: below, on a representation
        const session = new ExplorerSession();
        await session.load([zoo], {}, { classColumn: 'type' });
        bound.clear();
        try {
          runToEnd(session.runSteps({ method: spec.id }));
        } catch {
          continue; // a method not applicable to zoo with its defaults (the conformance suite's)
        }
        if (bound.size > 0 && !spec.team) undeclared.push(`${spec.id} (${[...bound].join(', ')})`);
      }
      for (const spec of allSpecs().filter((s) => s.inputs?.length === 1)) {
        const input = spec.inputs?.[0];
        if (!input || input.many || !input.accepts.includes('object-distance')) continue;
        const session = new ExplorerSession();
        await session.load([zoo], {}, { classColumn: 'type' });
        bound.clear();
        try {
          runToEnd(
            session.runSteps({ method: spec.id, inputs: { [input.name]: { method: 'hamming' } } }),
          );
        } catch {
          continue;
        }
        if (bound.size > 0 && !spec.team) undeclared.push(`${spec.id} (${[...bound].join(', ')})`);
      }
    } finally {
      useTeam(serialTeam);
    }
    expect(undeclared).toEqual([]);
    expect(
      allSpecs()
        .filter((s) => s.team)
        .map((s) => s.id)
        .sort(),
    ).toEqual(TEAM_SPEC_IDS);
  }, 60_000);
});
