import { describe, expect, it } from 'vitest';
import type { CountsReport } from '../../../src/core/platform/session.ts';
import { suTooltip } from '../../../src/app/views/SuView.tsx';
import { FOUR_META } from './fourRows.ts';

// The four rows' attributes (fourRows.ts): H(a) = 1, H(b) = 0.811278, I(a; b) = 0.311278,
// SU = 2 · 0.311278 / 1.811278 = 0.343711.
const counts = {
  entropy: Float64Array.from([1, 0.8112781244591328]),
  mutualInformation: Float64Array.from([
    1, 0.3112781244591328, 0.3112781244591328, 0.8112781244591328,
  ]),
  symmetricUncertainty: Float64Array.from([1, 0.34371101848545077, 0.34371101848545077, 1]),
} as unknown as CountsReport;

describe('suTooltip: an attribute pair’s cell', () => {
  it('names the pair, its SU, mutual information and both entropies to four digits', () => {
    expect(suTooltip(FOUR_META, counts, 0, 1)).toEqual([
      'a × b',
      'SU = 0.3437',
      'I = 0.3113 bits',
      'H(a) = 1.0000, H(b) = 0.8113 bits',
    ]);
  });

  it('on the diagonal: SU 1 and I = H', () => {
    expect(suTooltip(FOUR_META, counts, 1, 1)).toEqual([
      'b × b',
      'SU = 1.0000',
      'I = 0.8113 bits',
      'H(b) = 0.8113, H(b) = 0.8113 bits',
    ]);
  });
});
