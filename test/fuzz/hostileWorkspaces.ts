/**
 * Hostile workspaces for the state fuzz (e2e/state-fuzz.spec.ts opens each as a link and as a
 * file; test/app/workspace/stateFuzz.test.ts checks the schema refuses every one and never
 * throws on many more). Each is a valid workspace broken one way: the cases that broke the page
 * once (a call of null, a missing input, a list given as an object, out-of-range numbers,
 * lz-string bombs), then seeded mutations of the schema's fields by type confusion.
 */
// The default import: lz-string is CommonJS, whose named exports Playwright's loader cannot see.
import LZString from 'lz-string';
import { createRandom, type Random } from '../../src/core/base/random.ts';
import { bombLink } from './lzBomb.ts';

export interface HostileCase {
  name: string;
  /** The address's fragment value (`#w=` + this). */
  link: string;
  /** The same workspace as a file's text. */
  file: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A workspace every check accepts, on the bundled Zoo: one panel of each kind of call. */
export function baseWorkspace(): { [key: string]: Json } {
  return {
    format: 'coupled-explorer-workspace',
    version: 1,
    source: { kind: 'sample', name: 'zoo.csv' },
    parse: {},
    prepare: {},
    panels: [
      { view: 'summary', call: null, settings: {} },
      {
        view: 'projection',
        call: {
          method: 'tsne',
          options: { perplexity: 12, seed: 3 },
          inputs: { of: { method: 'cde' } },
        },
        settings: { shapeByClass: true },
      },
      {
        view: 'comparison',
        call: {
          method: 'evaluate-clustering',
          inputs: { methods: [{ method: 'cde' }, { method: 'hamming' }] },
        },
        settings: {},
      },
      { view: 'ranking', call: { method: 'iforest', options: { trees: 100 } }, settings: {} },
      { view: 'neighbours', call: { method: 'cde' }, settings: { k: 5 } },
    ],
    layout: 'panels',
    selection: { values: [0, 3], objects: [5], valueThreshold: null },
    colorBy: { kind: 'attribute', attribute: 2 },
  };
}

const json = (value: unknown): string => JSON.stringify(value);
const asCase = (name: string, text: string): HostileCase => ({
  name,
  link: LZString.compressToEncodedURIComponent(text),
  file: text,
});

/** The base with the value at `path` replaced (undefined: deleted). */
function withField(path: readonly (string | number)[], value: Json | undefined): string {
  const state = baseWorkspace() as Json;
  let at = state as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, Json>;
  const last = path.at(-1) as string | number;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return json(state);
}

/** The cases that broke the page, or would: each refused with a reason, nothing else changed. */
function knownCases(): HostileCase[] {
  const base = json(baseWorkspace());
  return [
    asCase('a projection whose call is null', withField(['panels', 1, 'call'], null)),
    asCase('a projection without its input', withField(['panels', 1, 'call', 'inputs'], {})),
    asCase(
      'a comparison whose methods are an object',
      withField(['panels', 2, 'call', 'inputs', 'methods'], { method: 'cde' }),
    ),
    asCase('an input that is text', withField(['panels', 1, 'call', 'inputs', 'of'], 'cde')),
    asCase(
      'an isolation forest of 1e9 trees',
      withField(['panels', 3, 'call', 'options', 'trees'], 1e9),
    ),
    asCase(
      'a t-SNE of 1e12 iterations',
      withField(['panels', 1, 'call', 'options', 'iterations'], 1e12),
    ),
    asCase('an infinite perplexity', base.replace('"perplexity":12', '"perplexity":1e999')),
    asCase('options that are a list', withField(['panels', 3, 'call', 'options'], [1, 2])),
    asCase('a workspace of a newer version', withField(['version'], 2)),
    asCase(
      'a colouring by a call that cannot run',
      withField(['colorBy'], {
        kind: 'result',
        key: json({ method: 'iforest', options: { trees: -1 } }),
        name: 'x',
      }),
    ),
    {
      // 74 KB of link, 512 million characters once decoded; its file twin is too large a file.
      name: 'an lz-string bomb',
      link: bombLink(32_000),
      file: `{"format":"coupled-explorer-workspace","pad":"${'x'.repeat(2_100_000)}"}`,
    },
    {
      name: 'a damaged link',
      link: `${LZString.compressToEncodedURIComponent(base).slice(0, 40)}!*`,
      file: base.slice(0, base.length / 2),
    },
  ];
}

/** Where a value of another type is refused, whatever that value (one site per field kind). */
const SITES: readonly (readonly (string | number)[])[] = [
  ['format'],
  ['version'],
  ['source'],
  ['source', 'kind'],
  ['source', 'name'],
  ['panels'],
  ['panels', 2],
  ['panels', 4, 'view'],
  ['panels', 3, 'call'],
  ['panels', 3, 'call', 'method'],
  ['panels', 1, 'call', 'options'],
  ['panels', 1, 'call', 'options', 'perplexity'],
  ['panels', 3, 'call', 'options', 'trees'],
  ['panels', 1, 'call', 'inputs', 'of'],
  ['panels', 2, 'call', 'inputs', 'methods'],
  ['panels', 4, 'settings', 'k'],
  ['layout'],
  ['selection', 'values'],
  ['colorBy', 'kind'],
];

/** Values of every JSON type; a site is given one of a type other than its own. */
const CONFUSIONS: readonly Json[] = [null, true, -7.5, 'evil', [], [null, 'x'], { evil: 1 }];

function typeOf(value: Json | undefined): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function mutated(random: Random): HostileCase {
  const site = SITES[random.int(SITES.length)] as readonly (string | number)[];
  let own: Json | undefined = baseWorkspace();
  for (const key of site) own = (own as Record<string | number, Json>)[key];
  const others = CONFUSIONS.filter((v) => typeOf(v) !== typeOf(own));
  const value = others[random.int(others.length)] as Json;
  return asCase(`${site.join('.')} = ${json(value)}`, withField(site, value));
}

/**
 * The known cases, then seeded mutations, `count` in all (the known ones first). The same seed
 * gives the same cases.
 */
export function hostileWorkspaces(count: number, seed = 46): HostileCase[] {
  const random = createRandom(seed);
  const cases = knownCases().slice(0, count);
  while (cases.length < count) cases.push(mutated(random));
  return cases;
}
