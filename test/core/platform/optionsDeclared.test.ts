/**
 * Options from the parameter table only (issue 49): a method's options are described once, by its
 * parameter table, so no copy can drift from it. In the folders methods are discovered in
 * (SPEC_FOLDERS), every `*Options` type is derived from a table (`OptionsOf<typeof TABLE>`, or a
 * Pick/Partial/Omit of such a type), and there is no `*_DEFAULTS` object: defaults are read from
 * the table (`defaultsOf`, `withDefaults`, `resolveOptions`). An interface, or a type written out
 * field by field, is refused unless the allow-list below says why it is not a method's options.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_FOLDERS } from '../../../src/core/platform/registry.ts';

const CORE = join(__dirname, '../../../src/core');

/**
 * Options types that are not a registered method's options, each with the reason. Nothing a
 * method's table describes belongs here.
 */
const NOT_A_METHODS_OPTIONS: Readonly<Record<string, string>> = {
  DenseGeometryOptions:
    'how k-means computes, not what: exact shortcuts (pairwise table, centroid bound) chosen by CdePath, so the reference path can be compared with the fast one; no table has them',
  DefiningOptions:
    'the app’s scatter labels (components/scatter/clusterLabels.ts): which values name a cluster drawn on screen; no method or step computes them',
  LayoutClusterOptions:
    'the app’s scatter labels: clusters of the points as drawn in the view’s box (pixels); no method or step computes them',
  FftRepulsionOptions:
    't-SNE’s FFT grid (openTSNE’s interpolation nodes and intervals): fixed by tsne.ts at openTSNE’s values, not an option of t-SNE’s table',
  StressOptions:
    'Kruskal’s stress of a layout, a measure MDS reports: its pair budget and sample seed are fixed by mds.ts, not options of MDS’s table',
  QualityOptions:
    'trustworthiness and continuity, measured after every projection step: the steps’ tables only switch it on or off (QUALITY_PARAMETER); k, the sample and its seed are fixed',
  ResolvedQualityOptions: 'QualityOptions with its fixed defaults filled in (see QualityOptions)',
  ProjectionOptions:
    'the projection harness (project.ts) between a step’s resolved table and its layout: the step’s seed and whether to measure quality, passed on, not declared',
};

interface Declaration {
  file: string;
  name: string;
  kind: 'interface' | 'type' | 'defaults';
  /** A type's right-hand side, up to its end. */
  body: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The `*Options` interfaces and types and the `*_DEFAULTS` constants of one source text. */
export function optionDeclarations(file: string, text: string): Declaration[] {
  const out: Declaration[] = [];
  for (const m of text.matchAll(/^(?:export )?interface (\w*Options)\b/gm))
    out.push({ file, name: m[1] as string, kind: 'interface', body: '' });
  for (const m of text.matchAll(/^(?:export )?type (\w*Options)\b[^=]*=([\s\S]*?);\n/gm))
    out.push({ file, name: m[1] as string, kind: 'type', body: m[2] as string });
  for (const m of text.matchAll(/^(?:export )?(?:const|let|var) (\w+_DEFAULTS)\b/gm))
    out.push({ file, name: m[1] as string, kind: 'defaults', body: '' });
  return out;
}

/** Type aliases of src/core derived from a table: OptionsOf, or an alias of one, transitively. */
function derivedTypes(texts: readonly string[]): Set<string> {
  const aliases = new Map<string, string>();
  for (const text of texts)
    for (const m of text.matchAll(/^(?:export )?type (\w+)\b[^=]*=([\s\S]*?);\n/gm))
      aliases.set(m[1] as string, m[2] as string);
  const derived = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, body] of aliases)
      if (!derived.has(name) && isDerived(body, derived)) {
        derived.add(name);
        grew = true;
      }
  }
  return derived;
}

function isDerived(body: string, derived: ReadonlySet<string>): boolean {
  if (/\bOptionsOf</.test(body)) return true;
  return [...body.matchAll(/\b[A-Z]\w*/g)].some((m) => derived.has(m[0]));
}

/** The declarations a method's options must not be: hand-written, or a defaults object. */
export function handWritten(
  declarations: readonly Declaration[],
  derived: ReadonlySet<string>,
): Declaration[] {
  return declarations.filter(
    (d) =>
      !(d.kind === 'type' && isDerived(d.body, derived)) &&
      !Object.prototype.hasOwnProperty.call(NOT_A_METHODS_OPTIONS, d.name),
  );
}

describe('options come from the parameter table only (issue 49)', () => {
  const all = sourceFiles(CORE).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const derived = derivedTypes(all.map((f) => f.text));
  const inSpecFolders = all.filter((f) =>
    SPEC_FOLDERS.some((folder) => relative(join(CORE, folder), f.path).split('/')[0] !== '..'),
  );
  const declarations = inSpecFolders.flatMap((f) =>
    optionDeclarations(relative(CORE, f.path), f.text),
  );

  it('finds no hand-written options type or *_DEFAULTS in the folders methods live in', () => {
    const found = handWritten(declarations, derived).map((d) => `${d.file}: ${d.kind} ${d.name}`);
    expect(found).toEqual([]);
  });

  it('allows only names that exist, each with its reason', () => {
    const names = new Set(declarations.map((d) => d.name));
    for (const [name, reason] of Object.entries(NOT_A_METHODS_OPTIONS)) {
      expect(names.has(name), `${name} is allowed but no longer declared`).toBe(true);
      expect(reason.length, `${name} needs a reason`).toBeGreaterThan(20);
    }
  });

  it('refuses the forms issue 49 removed, and accepts the derived ones', () => {
    const sample = [
      'export interface CbrwOptions {\n  alpha: number;\n}',
      'export const CBRW_DEFAULTS: CbrwOptions = { alpha: 0.95 };',
      'export type KOptions = { k: number };\n',
      'export type CdeOptions = Partial<ResolvedCdeOptions>;\n',
      'export type ResolvedCdeOptions = OptionsOf<typeof CDE_PARAMETERS>;\n',
    ].join('\n');
    const found = handWritten(optionDeclarations('sample.ts', sample), derivedTypes([sample])).map(
      (d) => d.name,
    );
    expect(found).toEqual(['CbrwOptions', 'KOptions', 'CBRW_DEFAULTS']);
  });
});
