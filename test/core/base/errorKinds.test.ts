/**
 * Two kinds of error (issue 49): a user error names the option or input and what to do; a defect
 * of the explorer (an internal invariant that does not hold, or anything unclassified) is told as
 * an internal error with the call that hit it — never as a bad option.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import {
  DataError,
  Defect,
  OptionError,
  REPORT_DEFECT,
  badOption,
  internal,
  toErrorInfo,
  type ErrorInfo,
} from '../../../src/core/base/errors.ts';
import { auc, contingency } from '../../../src/core/evaluation/partitions.ts';
import { maximumAssignment } from '../../../src/core/evaluation/hungarian.ts';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import { registerMethod, unregisterMethod } from '../../../src/core/platform/registry.ts';
import { defineMethod, type MethodSpec } from '../../../src/core/platform/spec.ts';
import { embeddingResult } from '../../../src/core/platform/representation.ts';
import { uniformValueEmbedding } from '../../../src/core/platform/objectEmbedding.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { createExplorerApi } from '../../../src/worker/api.ts';
import { runCli } from '../../../src/cli/program.ts';
import { MethodStatus, internalErrorText } from '../../../src/app/views/MethodStatus.tsx';
import type { ResultEntry } from '../../../src/app/store/resultsSlice.ts';
import { zooSession } from '../../sessions.ts';

function thrown(f: () => unknown): ErrorInfo {
  try {
    f();
  } catch (error) {
    return toErrorInfo(error);
  }
  throw new Error('expected a throw');
}

/** A method whose own code breaks an invariant: it scores two label arrays of unequal length. */
const brokenMethod = defineMethod({
  id: 'test-broken',
  title: 'Broken (test)',
  role: 'method',
  paper: 'a test-only method',
  where: 'test/core/base/errorKinds.test.ts',
  description: 'breaks an invariant of its own',
  parameters: [
    {
      name: 'weight',
      type: 'number',
      default: 1,
      min: 0,
      minExclusive: true,
      max: 1000,
      maxBecause: 'a test’s scale',
      description: 'scale',
    },
  ],
  produces: ['object-embedding'],
  // eslint-disable-next-line require-yield
  *run(context) {
    contingency(new Int32Array(context.table.nRows), new Int32Array(3));
    const vectors = new Float64Array(context.counts.cooccurrence.valueCounts.length);
    return { embedding: embeddingResult(uniformValueEmbedding(context.table, vectors, 1), 'x') };
  },
});

/** A method that hits a plain RangeError of the runtime (an invalid array length). */
const crashingMethod = defineMethod({
  ...brokenMethod,
  id: 'test-crashing',
  title: 'Crashing (test)',
  // eslint-disable-next-line require-yield
  *run() {
    new Array(-1);
    throw new Error('unreachable');
  },
});

describe('toErrorInfo: the kind of an error', () => {
  it('a user error keeps its code: bad-option for badOption, a DataError its own', () => {
    expect(toErrorInfo(badOption('bins must be…'))).toEqual({
      code: 'bad-option',
      message: 'bins must be…',
    });
    expect(badOption('x')).toBeInstanceOf(OptionError);
    expect(toErrorInfo(new DataError('ragged', 'bad rows'))).toMatchObject({ code: 'ragged' });
  });

  it('a defect, and anything unclassified (RangeError, TypeError, Error), is internal', () => {
    expect(toErrorInfo(internal('two arrays differ'))).toEqual({
      code: 'internal',
      message: 'two arrays differ',
    });
    expect(internal('x')).toBeInstanceOf(Defect);
    for (const error of [new RangeError('r'), new TypeError('t'), new Error('e')])
      expect(toErrorInfo(error).code).toBe('internal');
  });
});

describe('the invariant checks are defects', () => {
  it('contingency() with lengths that differ is internal, not bad-option', () => {
    const info = thrown(() => contingency([0, 1], [0]));
    expect(info.code).toBe('internal');
    expect(info.message).toMatch(/differ in length/);
    expect(thrown(() => contingency([], [])).code).toBe('internal');
    expect(thrown(() => contingency([0, -1], [0, 0])).code).toBe('internal');
    expect(thrown(() => auc([1, 2], [true])).code).toBe('internal');
    expect(thrown(() => maximumAssignment(new Float64Array(3), 2, 2)).code).toBe('internal');
  });

  it('a bad option value is a user error naming the option', () => {
    const info = thrown(() => resolveCall({ method: 'rock', options: { k: -3 } }));
    expect(info.code).toBe('bad-option');
    expect(info.message).toMatch(/^k must be/);
  });
});

describe('a defect met by a method is told with its call', () => {
  beforeAll(() => {
    registerMethod(brokenMethod as unknown as MethodSpec);
    registerMethod(crashingMethod as unknown as MethodSpec);
  });
  afterAll(() => {
    unregisterMethod(brokenMethod.id);
    unregisterMethod(crashingMethod.id);
  });

  it('the session: internal, with the call', async () => {
    const session = await zooSession();
    const call = { method: 'test-broken', options: { weight: 2 } };
    const info = thrown(() => runToEnd(session.runSteps(call)));
    expect(info.code).toBe('internal');
    expect(info.call).toBe(resolveCall(call).key);
    expect(JSON.parse(info.call ?? '')).toMatchObject({ method: 'test-broken' });
  });

  it('the worker carries the kind and the call across', async () => {
    const api = createExplorerApi();
    const zoo = readFileSync(new URL('../../../public/datasets/zoo.csv', import.meta.url));
    await api.load(new Blob([zoo]), {}, { classColumn: 'type' }, 1);
    const outcome = await api.run({ method: 'test-crashing' }, [], 2);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('internal');
    expect(outcome.error.call).toBe(resolveCall({ method: 'test-crashing' }).key);
    // The failure kept for the call is told the same way the second time.
    const again = await api.run({ method: 'test-crashing' }, [], 3);
    expect(again).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('the CLI: exit code 70, “internal error”, the call and the request to report it', async () => {
    let stderr = '';
    const code = await runCli(
      ['run', 'test-broken', 'public/datasets/zoo.csv', '--weight', '2'],
      { stdout: () => {}, writeFile: () => {} },
      (t) => (stderr += t),
    );
    expect(code).toBe(70);
    expect(stderr).toMatch(/^internal error: .*differ in length/);
    expect(stderr).toContain('"method":"test-broken"');
    expect(stderr).toContain('please report it');
    expect(stderr).not.toMatch(/bad option/i);
  });

  it('the CLI: a bad option value stays a user error, code 2, naming the option', async () => {
    let stderr = '';
    const code = await runCli(
      ['run', 'test-broken', 'public/datasets/zoo.csv', '--weight', '-1'],
      { stdout: () => {}, writeFile: () => {} },
      (t) => (stderr += t),
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: weight must be/);
  });
});

describe('the app tells an internal error as a defect, not as a setting', () => {
  const call = { method: 'rock', options: { k: 3 } };
  const key = resolveCall(call).key;
  const failed = (error: ErrorInfo): ResultEntry =>
    ({ key, call, status: 'failed', error }) as unknown as ResultEntry;

  it('names the method and the call and asks for a report', () => {
    const error = { code: 'internal' as const, message: 'two arrays differ', call: key };
    const html = renderToStaticMarkup(
      createElement(MethodStatus, { entry: failed(error), invalid: null }),
    );
    expect(html).toContain('Internal error in rock (call');
    expect(html).toContain(REPORT_DEFECT);
    expect(html).toContain('Copy the call');
    expect(html).not.toMatch(/bad option|setting/i);
    expect(internalErrorText(error, 'ROCK', undefined)).toBe(
      `Internal error in rock (call ${key}): two arrays differ — ${REPORT_DEFECT}.`,
    );
  });

  it('an invalid call that is a defect is not shown as a refused setting', () => {
    const invalid = { code: 'internal' as const, message: 'Unexpected error: x', call: key };
    const html = renderToStaticMarkup(createElement(MethodStatus, { entry: null, invalid }));
    expect(html).toContain('Internal error in rock');
    const user = renderToStaticMarkup(
      createElement(MethodStatus, {
        entry: null,
        invalid: { code: 'bad-option', message: 'k must be a whole number' },
      }),
    );
    expect(user).toContain('k must be a whole number');
    expect(user).not.toContain('Internal error');
  });
});
