/**
 * teamKernel.ts: a kernel's params cells numbered once, its params array as long as its names,
 * and a kernel registered and bound with its own inputs' type.
 */
import { describe, expect, it } from 'vitest';
import { kernelFactory } from '../../../src/core/parallel/kernels.ts';
import {
  serialTeam,
  type Binding,
  type KernelInputs,
  type KernelInstance,
  type Team,
} from '../../../src/core/parallel/team.ts';
import { numbered, paramsOn, teamKernel } from '../../../src/core/parallel/teamKernel.ts';

describe('numbered', () => {
  it('numbers the names 0, 1, 2 … in the order given', () => {
    const cell = numbered('phase', 'from', 'to');
    expect(cell).toEqual({ phase: 0, from: 1, to: 2 });
    expect(Object.isFrozen(cell)).toBe(true);
  });

  it('refuses a name given twice (two cells would share an index)', () => {
    expect(() => numbered('from', 'to', 'from')).toThrow(/from is numbered twice/);
  });
});

describe('paramsOn', () => {
  it('allocates one cell a name, of the kind asked, on the team', () => {
    const asked: [unknown, number][] = [];
    const team: Team = {
      ...serialTeam,
      allocate: (kind, length) => {
        asked.push([kind, length]);
        return serialTeam.allocate(kind, length);
      },
    };
    const params = paramsOn(team, Float64Array, numbered('alpha', 'phase', 'sharedNodes'));
    expect(params).toBeInstanceOf(Float64Array);
    expect(params.length).toBe(3);
    expect(asked).toEqual([[Float64Array, 3]]);
  });
});

interface SquareInputs {
  n: number;
  x: Float64Array;
  out: Float64Array;
  params: Int32Array;
}
const CELL = numbered('offset');

/** Task t writes out[t] = x[t]² + params[offset]. */
function squareKernel(inputs: SquareInputs): KernelInstance {
  return {
    task(index) {
      const v = inputs.x[index] as number;
      inputs.out[index] = v * v + (inputs.params[CELL.offset] as number);
    },
  };
}

const SQUARES = teamKernel('test.teamKernel.squares', squareKernel);

describe('teamKernel', () => {
  it('registers the kernel under its name for the helpers', () => {
    expect(SQUARES.name).toBe('test.teamKernel.squares');
    const factory = kernelFactory('test.teamKernel.squares');
    expect(factory).toBeDefined();
    // What a helper builds from the (cloned) inputs runs the same kernel.
    const inputs = {
      n: 2,
      x: new Float64Array([3, -2]),
      out: new Float64Array(2),
      params: new Int32Array([1]),
    };
    const instance = factory!(inputs as unknown as KernelInputs);
    instance.task(1, 1);
    expect([...inputs.out]).toEqual([0, 5]);
  });

  it('refuses a second kernel of the same name', () => {
    expect(() => teamKernel('test.teamKernel.squares', squareKernel)).toThrow(/registered twice/);
  });

  it('binds its typed inputs on the team: by default the caller runs its own instance', () => {
    const x = new Float64Array([1, 2, 3, 4]);
    const inputs: SquareInputs = {
      n: 4,
      x,
      out: serialTeam.allocate(Float64Array, 4),
      params: paramsOn(serialTeam, Int32Array, CELL),
    };
    inputs.params[CELL.offset] = 10;
    const binding = SQUARES.bind(serialTeam, inputs);
    binding.run(4);
    expect([...inputs.out]).toEqual([11, 14, 19, 26]);
    binding.release();
  });

  it('hands the team its name, the inputs themselves and the local instance given', () => {
    const seen: { name: string; inputs: KernelInputs; local: KernelInstance }[] = [];
    const team: Team = {
      ...serialTeam,
      bind(name, inputs, local): Binding {
        seen.push({ name, inputs, local });
        return serialTeam.bind(name, inputs, local);
      },
    };
    const inputs: SquareInputs = {
      n: 1,
      x: new Float64Array([5]),
      out: new Float64Array(1),
      params: new Int32Array(1),
    };
    const calls: number[] = [];
    const local: KernelInstance = { task: (t) => calls.push(t) };
    SQUARES.bind(team, inputs, local).run(3);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.name).toBe('test.teamKernel.squares');
    expect(seen[0]!.inputs).toBe(inputs);
    expect(seen[0]!.local).toBe(local);
    // The given instance ran the tasks; the kernel's own did not.
    expect(calls).toEqual([0, 1, 2]);
    expect([...inputs.out]).toEqual([0]);
  });
});
