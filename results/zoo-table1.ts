/**
 * Seed 000 Table 1 on Zoo, reproduced: k-means (k = 7, 50 seeded k-means++ starts) on CDE, 0-1,
 * 0-1P and IDF, with the paper's preprocessing (`legs` not used: 101 objects, 30 values).
 * CDE's own value clustering is random too, so it is also averaged over 10 CDE seeds.
 * Run: npm run results:zoo  (prints Markdown; results/zoo-table1.md holds a copy)
 */
import { readFileSync } from 'node:fs';
import {
  computeCounts,
  evaluationSteps,
  meanSd,
  parseCsvText,
  prepareTable,
  runToEnd,
} from '../src/core/index.ts';

const raw = await parseCsvText(
  readFileSync(new URL('../public/datasets/zoo.csv', import.meta.url), 'utf8'),
);
const line = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;
const f = (x: number): string => x.toFixed(3);

for (const drop of [['legs'], []]) {
  const { table } = prepareTable(raw, { classColumn: 'type', drop });
  const counts = computeCounts(table);
  const report = runToEnd(evaluationSteps(table, counts, { runs: 50, seed: 0 }));
  console.log(
    `\n### Zoo, ${drop.length ? 'legs dropped' : 'legs kept'}: ${table.nRows} objects, ${table.nValues} values, FCI ${f(report.indicators.fci)}${report.paper ? ` (paper ${f(report.paper.fci)})` : ''}, VCI ${f(report.indicators.vci)}\n`,
  );
  console.log(line(['method', 'dims', 'F-score (50 starts)', 'paper', 'gap', 'NMI', 'accuracy']));
  console.log(line(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const r of report.results) {
    const paper = report.paper?.fscore[r.method];
    console.log(
      line([
        r.title,
        r.dims,
        `${f(r.fscore.mean)} ± ${f(r.fscore.sd)}`,
        paper === undefined ? '—' : f(paper),
        paper === undefined ? '—' : (r.fscore.mean - paper).toFixed(3),
        `${f(r.nmi.mean)} ± ${f(r.nmi.sd)}`,
        `${f(r.accuracy.mean)} ± ${f(r.accuracy.sd)}`,
      ]),
    );
  }
  const cdeMeans: number[] = [];
  for (let seed = 0; seed < 10; seed++) {
    const r = runToEnd(evaluationSteps(table, counts, { methods: ['cde'], runs: 50, seed }));
    cdeMeans.push((r.results[0] as { fscore: { mean: number } }).fscore.mean);
  }
  const over = meanSd(cdeMeans);
  console.log(
    `\nCDE over CDE seeds 0–9 (each: 50 k-means starts): F-score ${f(over.mean)} ± ${f(over.sd)} (range ${f(Math.min(...cdeMeans))}–${f(Math.max(...cdeMeans))})${report.paper ? `; paper ${f(report.paper.fscore.cde)}` : ''}`,
  );
}
