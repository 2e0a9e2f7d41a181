/**
 * The add-panel menu: grouped by what a view shows, every registered method named with its paper
 * by author and year, and a search that keeps only the entries holding every word typed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TASKS } from '../../../src/app/model/tasks.ts';
import { allSpecs } from '../../../src/core/platform/registry.ts';
import { matchingChoices, shortCitation } from '../../../src/app/model/panelMenu.ts';
import { panelChoices } from '../../../src/app/views/registry.tsx';

describe('short citations', () => {
  it.each([
    [
      'Wang et al. 2015, Coupled attribute similarity learning on categorical data (IEEE TNNLS)',
      'Wang et al. 2015',
    ],
    [
      'Jian, Pang, Cao et al., CURE, IEEE TKDE 31(5), 2019 (CURE, Jian et al. 2019)',
      'Jian et al. 2019',
    ],
    ['van der Maaten & Hinton 2008 (t-SNE); Torgerson 1952', 'van der Maaten & Hinton 2008'],
    ['Liu, Ting, Zhou, “Isolation forest”, ICDM 2008', 'Liu et al. 2008'],
    ['Guha, Rastogi, Shim, ICDE 1999; CROCK: Wang et al. 2015', 'Guha et al. 1999'],
    ['Huang 1998, k-modes', 'Huang 1998'],
    ['principal components of an embedding', 'principal components of an embedding'],
  ])('%s → %s', (paper, cite) => {
    expect(shortCitation(paper)).toBe(cite);
  });

  it('every registered method is listed with an author and a year', () => {
    const menu = panelChoices();
    const listed = new Map(menu.flatMap((g) => g.choices).map((c) => [c.id.split(':')[1], c.cite]));
    for (const m of allSpecs('method')) {
      expect(listed.has(m.id), `${m.id} is in the menu`).toBe(true);
      expect(listed.get(m.id), `${m.id}'s citation`).toMatch(/[A-Z]\S+.* (19|20)\d{2}$/);
    }
  });
});

describe('the menu', () => {
  const menu = panelChoices();

  it('starts with the data views and groups the rest by what they show', () => {
    expect(menu[0]?.group).toBe('Your data');
    expect(menu[0]?.choices.map((c) => c.id)).toEqual(['summary', 'cooccurrence', 'su', 'rows']);
    const groups = menu.map((g) => g.group);
    expect(groups.some((g) => g.startsWith('Value clusters'))).toBe(true);
    expect(groups.some((g) => g.startsWith('Outlier ranking'))).toBe(true);
    expect(groups).toContain('Compare methods');
    // Each group holds one kind of view.
    for (const g of menu.slice(1, -2))
      expect(new Set(g.choices.map((c) => c.view)).size, g.group).toBe(1);
  });

  it('a search keeps the entries holding every word, in any case', () => {
    const found = matchingChoices(menu, 'CDE Clusters').flatMap((g) => g.choices);
    expect(found.map((c) => c.id)).toContain('value-partitions:cde');
    expect(found.map((c) => c.id)).not.toContain('projection:onehot');
    const group = (id: string) => menu.find((g) => g.choices.some((c) => c.id === id))?.group;
    for (const c of found)
      expect(`${c.label} ${c.detail} ${group(c.id)} ${c.id}`.toLowerCase()).toMatch(
        /(?=.*cde)(?=.*clusters)/,
      );
    const byPaper = matchingChoices(menu, 'ienco 2016').flatMap((g) => g.choices);
    expect(byPaper.length).toBeGreaterThan(1);
    for (const c of byPaper)
      expect(`${c.cite} ${c.detail} ${c.label}`.toLowerCase()).toMatch(/ienco/);
    // The first match, which Enter takes, is the entry named by the words, not one mentioning them.
    for (const [query, id] of [
      ['value clusters CDE', 'value-partitions:cde'],
      ['value matrices cde', 'value-matrices:cde'],
    ] as const)
      expect(matchingChoices(menu, query)[0]?.choices[0]?.id, query).toBe(id);
    expect(matchingChoices(menu, 'no such view at all')).toEqual([]);
    expect(matchingChoices(menu, '  ')).toEqual(menu);
  });
});

describe('the first screen’s tasks', () => {
  const ids = new Set(
    panelChoices()
      .flatMap((g) => g.choices)
      .map((c) => c.id),
  );
  const samples = (
    JSON.parse(
      readFileSync(new URL('../../../public/datasets/index.json', import.meta.url), 'utf8'),
    ) as { datasets: { file: string }[] }
  ).datasets.map((d) => d.file);

  it.each(TASKS.map((t) => [t.title, t] as const))(
    '“%s” opens panels the menu offers',
    (_, task) => {
      expect(task.panels.filter((id) => !ids.has(id))).toEqual([]);
      if (task.sample) expect(samples).toContain(task.sample);
    },
  );
});
