/**
 * defaultsOf and withDefaults (issue 49): a kernel called directly takes its defaults from its
 * method's parameter table, never from a copy.
 */
import { describe, expect, it } from 'vitest';
import { defaultsOf, withDefaults } from '../../../src/core/base/parameters.ts';
import { CBRW_PARAMETERS } from '../../../src/core/methods/detectors/cbrwParameters.ts';
import { START_PARAMETERS } from '../../../src/core/clustering/startParameters.ts';

describe('defaults from the table', () => {
  it('defaultsOf reads every default of the table', () => {
    expect(defaultsOf(CBRW_PARAMETERS)).toEqual({ alpha: 0.95, tol: 1e-12, maxIterations: 1000 });
    expect(defaultsOf(START_PARAMETERS)).toEqual({ seed: 0, maxIterations: 100 });
  });

  it('withDefaults keeps what is given and fills what is absent or undefined', () => {
    expect(withDefaults(CBRW_PARAMETERS, { alpha: 0.5, tol: undefined })).toEqual({
      alpha: 0.5,
      tol: 1e-12,
      maxIterations: 1000,
    });
    expect(withDefaults(START_PARAMETERS)).toEqual({ seed: 0, maxIterations: 100 });
  });
});
