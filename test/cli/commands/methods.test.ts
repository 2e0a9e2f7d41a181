/** `methods` (src/cli/commands/methods.ts): the registry as JSON, each parameter's table entry. */
import { describe, expect, it } from 'vitest';
import { cliHere } from '../cliRun.ts';

interface Parameter {
  name: string;
  type: string;
  default: unknown;
  domain: string;
  min?: number;
  max?: number;
  maxBecause?: string;
  choices?: string[];
  description: string;
}
interface Entry {
  id: string;
  paper: string;
  parameters: Parameter[];
  inputs?: { name: string; accepts: string[]; many: boolean }[];
  produces: string[];
  reads: string;
}

async function registry(): Promise<{ methods: Entry[]; steps: Entry[] }> {
  const run = await cliHere('methods');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as { methods: Entry[]; steps: Entry[] };
}

describe('methods', () => {
  it('lists methods and steps apart, each id once', async () => {
    const { methods, steps } = await registry();
    const ids = [...methods, ...steps].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(methods.map((m) => m.id)).toContain('hamming');
    expect(steps.map((s) => s.id)).toContain('tsne');
    expect(methods.map((m) => m.id)).not.toContain('tsne');
    // A method reads the table: no inputs; a step has them.
    for (const m of methods) expect(m.inputs).toBeUndefined();
  });

  it('Hamming: no parameters, reads the counts only, produces a distance', async () => {
    const hamming = (await registry()).methods.find((m) => m.id === 'hamming')!;
    expect(hamming.parameters).toEqual([]);
    expect(hamming.reads).toBe('counts');
    expect(hamming.produces).toEqual(['object-distance']);
  });

  it('a number carries its bounds and their reason; a choice its choices', async () => {
    const { methods, steps } = await registry();
    const params = [...methods, ...steps].flatMap((e) => e.parameters);
    const numbers = params.filter((p) => p.type === 'number' || p.type === 'integer');
    expect(numbers.length).toBeGreaterThan(0);
    for (const p of numbers) {
      expect(typeof p.max).toBe('number');
      expect(p.maxBecause).toMatch(/\w/);
      expect(p.choices).toBeUndefined();
    }
    const choices = params.filter((p) => p.type === 'choice');
    expect(choices.length).toBeGreaterThan(0);
    for (const p of choices) {
      expect(p.choices!.length).toBeGreaterThan(1);
      expect(p.max).toBeUndefined();
    }
  });

  it('a step names its inputs and the kinds each accepts', async () => {
    const tsne = (await registry()).steps.find((s) => s.id === 'tsne')!;
    expect(tsne.inputs?.map((i) => i.name)).toEqual(['of']);
    expect(tsne.inputs?.[0]?.many).toBe(false);
    expect(tsne.inputs?.[0]?.accepts).toContain('object-distance');
  });

  it('refuses any flag but --out', async () => {
    const run = await cliHere('methods', '--k', '3');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown option --k');
  });
});
