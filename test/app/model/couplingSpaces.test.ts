/**
 * The coupling-space view's model on Zhu et al. 2022 (UNTIE)'s watermelon (Table 1, Sec. 4.2):
 * the m_Ie columns grouped by attribute, the numbers as printed, the tooltips' counts, the
 * export's table (one row per value, every m_Ie column named "Attribute=value") and cell inks
 * that keep their contrast.
 */
import { describe, expect, it } from 'vitest';
import { couplingSpacesResult } from '../../../src/core/methods/untie/spaces.ts';
import { tableMeta } from '../../../src/core/platform/session.ts';
import {
  cellTooltip,
  columnGroups,
  couplingRamp,
  couplingSpacesTable,
  formatProbability,
  inkOn,
} from '../../../src/app/model/couplingSpaces.ts';
import { datasetSession } from '../../sessions.ts';

async function watermelon() {
  const s = await datasetSession('watermelon.csv', { drop: ['Object'] });
  const meta = tableMeta(s.table);
  const spaces = couplingSpacesResult(s.counts().cooccurrence, s.table.nRows);
  const color = meta.attributes.findIndex((a) => a.name === 'Color');
  const yellow = meta.attributes[color]!.labels.indexOf('yellow');
  return { meta, spaces, color, yellow, entry: spaces.attributes[color]! };
}

describe('the coupling-space view model', () => {
  it('groups Color’s m_Ie columns by the other attributes, in table order', async () => {
    const { meta, entry } = await watermelon();
    const groups = columnGroups(meta, entry);
    expect(groups.map((g) => [g.name, g.from, g.values.map((v) => v.label)])).toEqual([
      ['Texture', 0, ['clear', 'blurry']],
      ['Root Shape', 2, ['straight', 'curled', 'slightly curled']],
    ]);
  });

  it.each([
    [1 / 3, '0.333'],
    [2 / 3, '0.667'],
    [0.5, '0.5'],
    [0, '0'],
    [1, '1'],
    [0.0004, '<0.001'],
    [0.0005, '0.001'],
  ])('prints %s as %s', (x, text) => expect(formatProbability(x)).toBe(text));

  it('spells a cell’s formula out with its counts (m_Ia(yellow) = 2 / 6, p(yellow | blurry) = 2 / 3)', async () => {
    const { meta, spaces, entry, yellow } = await watermelon();
    expect(cellTooltip(meta, spaces, entry, yellow, -1)).toEqual([
      'm_Ia(Color=yellow) = 0.333',
      '|g(v)| / n_o = 2 / 6: the share of objects holding Color=yellow (Eq. 1)',
    ]);
    const [title, formula] = cellTooltip(meta, spaces, entry, yellow, 1);
    expect(title).toBe('p(Color=yellow | Texture=blurry) = 0.667');
    expect(formula).toBe('|g(v) ∩ g(v*)| / |g(v*)| = 2 / 3 (Eqs. 3-4)');
  });

  it('exports one row per attribute value, m_Ia then p(v | v*) under "Attribute=value"', async () => {
    const { meta, spaces } = await watermelon();
    const t = couplingSpacesTable(meta, spaces);
    expect(t.columns).toEqual([
      'attribute',
      'value',
      'm_Ia',
      'Texture=clear',
      'Texture=blurry',
      'Color=white',
      'Color=yellow',
      'Color=green',
      'Color=black',
      'Root Shape=straight',
      'Root Shape=curled',
      'Root Shape=slightly curled',
    ]);
    expect(t.rows.map((r) => `${r[0]}=${r[1]}`)).toEqual([
      'Texture=clear',
      'Texture=blurry',
      'Color=white',
      'Color=yellow',
      'Color=green',
      'Color=black',
      'Root Shape=straight',
      'Root Shape=curled',
      'Root Shape=slightly curled',
    ]);
    const yellow = t.rows[3]!.slice(2);
    // The paper's m_Ia(yellow) = 1/3 and m_Ie(yellow) = [0, 2/3, 1/2, 1/2, 0]; its own
    // attribute's columns are empty.
    const expected = [1 / 3, 0, 2 / 3, null, null, null, null, 1 / 2, 1 / 2, 0];
    yellow.forEach((x, k) =>
      expected[k] === null ? expect(x).toBeNull() : expect(x).toBeCloseTo(expected[k]!, 12),
    );
  });

  it('writes every cell in an ink of contrast at least 4.5 on its colour, in both themes', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const s = parseInt(hex.slice(i, i + 2), 16) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const hex = (css: string) => {
      const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(css);
      return m
        ? `#${m
            .slice(1)
            .map((x) => Number(x).toString(16).padStart(2, '0'))
            .join('')}`
        : css;
    };
    for (const theme of ['light', 'dark'] as const) {
      const ramp = couplingRamp(theme);
      for (let k = 0; k <= 100; k++) {
        const bg = hex(ramp(k / 100));
        const [a, b] = [luminance(bg), luminance(inkOn(bg))];
        const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        expect(contrast, `${theme} ${k / 100} ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
