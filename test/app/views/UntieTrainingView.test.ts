import { describe, expect, it } from 'vitest';
import { lossCurves, type Training } from '../../../src/app/views/UntieTrainingView.tsx';

const training = (state: Training['state'], iteration: number): Training => ({
  loss: Float64Array.from([0.9, 0.5, 0.4]),
  spaceWeights: new Float64Array(0),
  iteration,
  iterations: 1000,
  state,
});

describe('lossCurves: UNTIE’s training loss, one point an iteration', () => {
  it('titled by the training’s state', () => {
    expect(lossCurves(training('done', 1000)).title).toBe('Training loss (1000 iterations)');
    expect(lossCurves(training('running', 3)).title).toBe('Training loss — iteration 3 of 1000');
    expect(lossCurves(training('cancelled', 3)).title).toBe(
      'Training loss — cancelled at iteration 3 of 1000; the last iterate is shown',
    );
  });

  it('iterations 1, 2, 3 … against the loss', () => {
    const curves = lossCurves(training('running', 3));
    expect(curves.kind).toBe('curves');
    expect(curves.series).toHaveLength(1);
    expect([...curves.series[0]!.x]).toEqual([1, 2, 3]);
    expect([...curves.series[0]!.y]).toEqual([0.9, 0.5, 0.4]);
  });
});
