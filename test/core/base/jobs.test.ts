import { describe, expect, it } from 'vitest';
import {
  CancelledError,
  DataError,
  badOption,
  runToEnd,
  toErrorInfo,
  type Progress,
  type Steps,
} from '../../../src/core/index.ts';

function* three(): Steps<string> {
  yield { fraction: 0.25, message: 'one' };
  yield { fraction: 0.5, message: 'two' };
  yield { fraction: 0.75, message: 'three' };
  return 'done';
}

describe('runToEnd', () => {
  it('returns the generator’s value and passes every step on', () => {
    const seen: Progress[] = [];
    expect(runToEnd(three(), (p) => seen.push(p))).toBe('done');
    expect(seen.map((p) => p.message)).toEqual(['one', 'two', 'three']);
    expect(runToEnd(three())).toBe('done');
  });
});

describe('toErrorInfo', () => {
  it('keeps a DataError’s code and details', () => {
    const e = new DataError('ragged', 'bad rows', { lines: [3, 5], count: 2 });
    expect(toErrorInfo(e)).toEqual({
      code: 'ragged',
      message: 'bad rows',
      lines: [3, 5],
      count: 2,
    });
  });

  it('maps cancellation, bad options and anything else', () => {
    expect(toErrorInfo(new CancelledError())).toEqual({
      code: 'cancelled',
      message: 'The job was cancelled.',
    });
    expect(toErrorInfo(badOption('bins must be…'))).toEqual({
      code: 'bad-option',
      message: 'bins must be…',
    });
    // A RangeError or TypeError not made by badOption is a defect (issue 49), not a bad option.
    expect(toErrorInfo(new RangeError('bins must be…'))).toEqual({
      code: 'internal',
      message: 'Unexpected error: bins must be…',
    });
    expect(toErrorInfo(new TypeError('seed…'))).toEqual({
      code: 'internal',
      message: 'Unexpected error: seed…',
    });
    expect(toErrorInfo(new Error('boom'))).toEqual({
      code: 'internal',
      message: 'Unexpected error: boom',
    });
    expect(toErrorInfo('text')).toEqual({ code: 'internal', message: 'Unexpected error: text' });
  });
});
