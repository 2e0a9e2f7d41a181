/**
 * The conformance checks of one registered method or step (as scikit-learn's estimator
 * checks): a well-formed spec; the same seed gives identical results; every parameter bound is
 * refused with a message naming the parameter; the declared result kinds come back with the
 * table's shapes; a cancelled run stops and leaves the session usable; sending a result never
 * detaches an array the cache keeps; a detector explains its scores. conformance.test.ts runs
 * them over the registry, the new-method test over a method registered there.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { toErrorInfo, type ErrorInfo } from '../../../src/core/base/errors.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { checkParameter, type ParameterSpec } from '../../../src/core/base/parameters.ts';
import { allSpecs } from '../../../src/core/platform/registry.ts';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import type { Call, MethodSpec } from '../../../src/core/platform/spec.ts';
import {
  copyForTransfer,
  RESULT_KINDS,
  resultProblems,
  type Results,
} from '../../../src/core/platform/results.ts';
import { shapeOf } from '../../../src/core/platform/run.ts';
import { ExplorerSession } from '../../../src/core/platform/session.ts';
import { createExplorerApi } from '../../../src/worker/api.ts';

const ZOO = readFileSync(new URL('../../../public/datasets/zoo.csv', import.meta.url), 'utf8');
const PREPARE = { classColumn: 'type' };

async function zooSession(): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  await s.load([ZOO], {}, PREPARE);
  return s;
}

/**
 * A call with the spec's defaults: a required class label gets the smallest class (an optional
 * one keeps its default, e.g. the majority class), each input
 * the first methods (not steps) producing what it accepts.
 */
function exampleCall(spec: MethodSpec): Call {
  const options: Record<string, unknown> = {};
  for (const p of spec.parameters)
    if (p.type === 'string' && p.required === true && p.suggest === 'class-label')
      options[p.name] = 'amphibian';
  const inputs: NonNullable<Call['inputs']> = {};
  for (const input of spec.inputs ?? []) {
    const producers = allSpecs('method').filter((m) =>
      m.produces.some((k) => input.accepts.includes(k)),
    );
    expect(
      producers.length,
      `${spec.id}.${input.name}: some method must produce it`,
    ).toBeGreaterThan(0);
    inputs[input.name] = input.many
      ? producers.slice(0, 3).map((m) => ({ method: m.id }))
      : { method: (producers[0] as MethodSpec).id };
  }
  return { method: spec.id, options, ...(spec.inputs?.length ? { inputs } : {}) };
}

/** Values a parameter must refuse (a wrong type or out of its range). */
function invalidValues(p: ParameterSpec): unknown[] {
  switch (p.type) {
    case 'choice':
      return ['no-such-choice', 3];
    case 'boolean':
      return ['yes', 1];
    case 'string':
      return [42];
    default: {
      const out: unknown[] = ['7', Number.NaN, Number.POSITIVE_INFINITY];
      if (p.type === 'integer') out.push((p.min ?? 0) + 0.5);
      if (p.min !== undefined) {
        const below = p.minExclusive ? p.min : p.min - 1;
        // The legacy number standing for 'auto' (0) is read as 'auto', not refused.
        out.push(below === p.auto?.legacy ? below - 1 : below);
      }
      // 'auto' is a value only where the table declares it, and only spelt so.
      out.push('automatic');
      if (!p.auto) out.push('auto');
      if (p.max !== undefined) out.push(p.maxExclusive ? p.max : p.max + 1);
      return out;
    }
  }
}

/** How a refused call is told (toErrorInfo), or null when it is not refused. */
function refusal(call: Call): ErrorInfo | null {
  try {
    resolveCall(call);
    return null;
  } catch (error) {
    return toErrorInfo(error);
  }
}

/** Deep equality of results, typed arrays compared element by element, timings aside. */
function expectSameResults(a: Results, b: Results, what: string): void {
  expect(Object.keys(b).sort(), what).toEqual(Object.keys(a).sort());
  expect(JSON.stringify(b, replacer), what).toBe(JSON.stringify(a, replacer));
}
function replacer(key: string, value: unknown): unknown {
  if (key === 'seconds') return undefined;
  return ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value;
}

/** The conformance checks of `spec`, as tests of the enclosing describe (it must be registered). */
export function conformanceChecks(spec: MethodSpec): void {
  it('has a well-formed spec: unique parameters whose defaults pass their own checks', () => {
    expect(spec.title.length).toBeGreaterThan(0);
    expect(spec.paper.length).toBeGreaterThan(0);
    expect(spec.where.length).toBeGreaterThan(0);
    expect(spec.produces.length).toBeGreaterThan(0);
    for (const kind of spec.produces) expect(RESULT_KINDS).toContain(kind);
    const names = spec.parameters.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const p of spec.parameters) {
      if (p.type === 'string' && p.default === null) continue;
      expect(checkParameter(p, p.default), p.name).toBe(p.default);
    }
    expect(spec.parameters.filter((p) => p.role === 'seed').length).toBeLessThanOrEqual(1);
  });

  it('refuses every out-of-domain value with an error naming the parameter', () => {
    const base = exampleCall(spec);
    for (const p of spec.parameters)
      for (const value of invalidValues(p)) {
        // A user error naming the option (issue 49), never an internal error.
        const info = refusal({ ...base, options: { ...base.options, [p.name]: value } });
        expect(info?.code, `${p.name} = ${String(value)}`).toBe('bad-option');
        expect(info?.message).toMatch(new RegExp(`^${p.name} must be`));
      }
    const unknown = refusal({ ...base, options: { ...base.options, noSuchOption: 1 } });
    expect(unknown?.code).toBe('bad-option');
    expect(unknown?.message).toMatch(/no option “noSuchOption”/);
  });

  it('reads “auto”, its legacy number and its absence as one value with one cache key', () => {
    const base = exampleCall(spec);
    for (const p of spec.parameters) {
      if ((p.type !== 'number' && p.type !== 'integer') || !p.auto) continue;
      const keyWith = (value: unknown) =>
        resolveCall({ ...base, options: { ...base.options, [p.name]: value } });
      const auto = keyWith('auto');
      expect(auto.options[p.name], p.name).toBe('auto');
      if (p.auto.legacy !== undefined) expect(keyWith(p.auto.legacy).key).toBe(auto.key);
      if (p.default === 'auto') expect(keyWith(undefined).key).toBe(auto.key);
    }
  });

  it('returns its declared result kinds, shaped to the table, and the same results for the same seed', async () => {
    const call = exampleCall(spec);
    const first = runToEnd((await zooSession()).runSteps(call));
    const second = runToEnd((await zooSession()).runSteps(call));
    const kinds = new Set(Object.values(first.results).map((r) => r.kind));
    expect([...kinds].sort()).toEqual([...spec.produces].sort());
    const shape = shapeOf((await zooSession()).table);
    for (const r of Object.values(first.results)) expect(resultProblems(r, shape)).toEqual([]);
    expectSameResults(first.results, second.results, `${spec.id} twice`);
  });

  it('stops when cancelled and leaves the worker usable; results are sent as copies', async () => {
    const api = createExplorerApi();
    expect((await api.load(new Blob([ZOO]), {}, PREPARE, 1)).ok).toBe(true);
    const call = exampleCall(spec);
    let steps = 0;
    const session = await zooSession();
    runToEnd(session.runSteps({ method: 'onehot' })); // counts cached: only the method's own steps remain
    const counting = session.runSteps(call);
    while (!counting.next().done) steps++;
    api.cancel(7); // asked for before the job's first step
    const cancelled = await api.run(call, [], 7);
    if (steps > 0) expect(cancelled).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const first = await api.run(call, [], 8);
    const again = await api.run(call, [], 9);
    if (!first.ok || !again.ok) throw new Error('the run after a cancel failed');
    // The second answer comes from the cache, yet is a separate copy: nothing was detached.
    expectSameResults(first.value.results, again.value.results, `${spec.id} after a cancel`);
    const { copy, buffers } = copyForTransfer(again.value);
    structuredClone(copy, { transfer: buffers });
    const third = await api.run(call, [], 10);
    if (!third.ok) throw new Error('third run failed');
    expectSameResults(first.value.results, third.value.results, `${spec.id} after a transfer`);
  });

  if (spec.detector)
    it('is a detector whose run explains its scores, its relation declared', () => {
      const detector = spec.detector;
      expect(spec.role).toBe('method');
      expect(spec.produces).toEqual(
        expect.arrayContaining(['object-scores', 'object-explanations']),
      );
      expect(typeof detector?.score).toBe('function');
      expect(typeof detector?.explain).toBe('function');
      expect(['sums-to-score', 'sums-to-transform', 'indicative']).toContain(detector?.relation);
    });
}
