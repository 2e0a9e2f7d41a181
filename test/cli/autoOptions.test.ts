/**
 * Issue 49 on the command line: `--epochs auto` asks UMAP for umap-learn's number of epochs, the
 * legacy `--epochs 0` reads as it (the same call, the same output), and another word is refused
 * naming the domain.
 */
import { describe, expect, it } from 'vitest';
import { cliHere } from './cliRun.ts';

const ZOO = 'public/datasets/zoo.csv';

interface UmapJson {
  options: Record<string, unknown>;
  automatic?: Record<string, number>;
  results: { layout: { notes: string[] } };
}

/** The JSON without its timings. */
function untimed(text: string): UmapJson {
  return JSON.parse(text, (key, value: unknown) =>
    key === 'seconds' ? undefined : value,
  ) as UmapJson;
}

const umap = (...flags: string[]) =>
  cliHere('run', 'umap', ZOO, '--of', 'onehot', '--quality', 'false', ...flags);

describe('CLI: an automatic number', () => {
  it('`--epochs auto`, `--epochs 0` and no flag run umap-learn’s 500 epochs on zoo, as one call', async () => {
    const auto = await umap('--epochs', 'auto');
    expect(auto.stderr).toBe('');
    expect(auto.code).toBe(0);
    const json = untimed(auto.stdout);
    expect(json.options.epochs).toBe('auto');
    expect(json.automatic).toEqual({ epochs: 500 });
    expect(json.results.layout.notes[0]).toContain('500 epochs');
    const legacy = await umap('--epochs', '0');
    expect(untimed(legacy.stdout)).toEqual(json);
    const absent = await umap();
    expect(untimed(absent.stdout)).toEqual(json);
  });

  it('runs a given number of epochs, and refuses a word other than auto', async () => {
    const given = untimed((await umap('--epochs', '30')).stdout);
    expect(given.options.epochs).toBe(30);
    expect(given.automatic).toBeUndefined();
    expect(given.results.layout.notes[0]).toContain('30 epochs');
    // The listing says how the method picks it.
    const listing = JSON.parse((await cliHere('methods')).stdout) as {
      steps: { id: string; parameters: { name: string; default: unknown; auto?: string }[] }[];
    };
    const epochs = listing.steps
      .find((s) => s.id === 'umap')
      ?.parameters.find((p) => p.name === 'epochs');
    expect(epochs).toMatchObject({ default: 'auto', auto: expect.stringMatching(/^umap-learn/) });
    const refused = await umap('--epochs', 'automatic');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--epochs must be "auto" or a whole number ≥ 1 and ≤ 10000');
  });
});
