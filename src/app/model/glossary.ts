import { allSpecs } from '../../core/platform/registry.ts';

/**
 * The acronyms a person meets in the explorer, each with what it stands for (issue 48): every
 * registered method whose title is an acronym (CDE, COSH, CBRW, ZERO++ …), its meaning the words
 * its spec's description opens with, and the other terms the views use, declared here once. The
 * hover of a panel's title and docs/glossary.md (held to this by test/docs/glossary.test.ts) read
 * this list.
 */
export interface GlossaryEntry {
  term: string;
  meaning: string;
}

/** Terms that are not a method's title: matrices, measures, projections, indicators. */
const TERMS: readonly GlossaryEntry[] = [
  { term: 'SU', meaning: 'symmetric uncertainty: 2·I(X;Y) / (H(X) + H(Y)), 0 (independent) to 1' },
  { term: 'Mo', meaning: 'the occurrence influence matrix of CURE (Jian et al. 2019)' },
  { term: 'Mc', meaning: 'the co-occurrence influence matrix of CURE (Jian et al. 2019)' },
  { term: 'FCI', meaning: 'feature coupling index (Jian et al. 2019, Eq. 16)' },
  { term: 'VCI', meaning: 'value cluster index (Jian et al. 2019, Eq. 17)' },
  { term: 'CASV', meaning: 'coupled attribute similarity of values (Wang et al. 2015)' },
  { term: 'CADO', meaning: 'coupled attribute dissimilarity of objects (Wang et al. 2015)' },
  { term: 'AUC', meaning: 'area under the ROC curve: 0.5 is chance, 1 a perfect ranking' },
  { term: 'NMI', meaning: 'normalised mutual information between clusters and classes' },
  { term: 'MDS', meaning: 'multidimensional scaling' },
  { term: 'PCA', meaning: 'principal component analysis' },
  { term: 't-SNE', meaning: 't-distributed stochastic neighbour embedding' },
  { term: 'UMAP', meaning: 'uniform manifold approximation and projection' },
];

/** An acronym: capitals, digits and + (“CDE”, “ZERO++”, “SAnDCat”), not a word such as “Hamming”. */
const ACRONYM = /^(?=[^a-z]*[A-Z][^a-z]*[A-Z])[A-Za-z0-9+-]+$/;

/** Every entry: the methods (in the registry's order), then the other terms. */
export function glossary(): GlossaryEntry[] {
  const methods = allSpecs().flatMap((spec): GlossaryEntry[] => {
    const term = spec.title.split(/[\s(]/)[0] ?? '';
    if (!ACRONYM.test(term) && term !== 'SAnDCat') return [];
    return [{ term, meaning: spec.description.split(/:\s/)[0] ?? spec.description }];
  });
  // A term declared here (UMAP: what the letters stand for) rather than a method's description.
  const own = new Set(TERMS.map((e) => e.term));
  return [...methods.filter((e) => !own.has(e.term)), ...TERMS];
}

/** The terms' look-up and pattern, built once per list of entries (every panel title reads it). */
const compiled = new WeakMap<
  readonly GlossaryEntry[],
  { byTerm: Map<string, GlossaryEntry>; pattern: RegExp | null }
>();

function compile(entries: readonly GlossaryEntry[]) {
  let c = compiled.get(entries);
  if (!c) {
    const byTerm = new Map(entries.map((e) => [e.term, e]));
    const escaped = [...byTerm.keys()]
      .sort((x, y) => y.length - x.length)
      .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const pattern =
      escaped.length === 0 ? null : new RegExp(`(?<![\\w-])(${escaped.join('|')})(?![\\w+-])`, 'g');
    c = { byTerm, pattern };
    compiled.set(entries, c);
  }
  return c;
}

/** The registry's glossary, built once its methods are registered (the app registers at start). */
let app: { methods: number; entries: GlossaryEntry[] } | null = null;

function appGlossary(): GlossaryEntry[] {
  const methods = allSpecs().length;
  if (app?.methods !== methods) app = { methods, entries: glossary() };
  return app.entries;
}

/** A text cut into plain parts and glossary terms (whole words), for an <abbr> on each term. */
export function abbreviated(
  text: string,
  entries: readonly GlossaryEntry[] = appGlossary(),
): (string | GlossaryEntry)[] {
  const { byTerm, pattern } = compile(entries);
  if (!pattern) return [text];
  const out: (string | GlossaryEntry)[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    const start = m.index ?? 0;
    if (start > at) out.push(text.slice(at, start));
    out.push(byTerm.get(m[1] as string) as GlossaryEntry);
    at = start + (m[1] as string).length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
