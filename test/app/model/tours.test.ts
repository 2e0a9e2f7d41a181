/**
 * The guided tours' data (src/app/model/tours): every panel entry is in the add-panel menu, every
 * sample is bundled, every value, attribute and column a step names is in its table — and every
 * paper number, read as the app reads it from results computed here by the same methods, agrees
 * with the printed value.
 */
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { indicatorsReport } from '../../../src/core/evaluation/indicators.ts';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import { countsReport, tableMeta } from '../../../src/core/platform/session.ts';
import type { Sample } from '../../../src/app/model/samples.ts';
import { agrees, TOURS, type TourStep } from '../../../src/app/model/tours.ts';
import { attributeIndex, valueIndex } from '../../../src/app/model/tours/names.ts';
import type { ResultEntry } from '../../../src/app/store/resultsSlice.ts';
import { panelChoices } from '../../../src/app/views/registry.tsx';
import { readOurs } from '../../../src/app/views/tour/readNumber.ts';
import { tourCall } from '../../../src/app/views/tour/stepPanels.ts';
import { readDataset } from '../../helpers.ts';
import { datasetSession } from '../../sessions.ts';

const samples = (JSON.parse(readDataset('index.json')) as { datasets: Sample[] }).datasets;
const entries = new Set(panelChoices().flatMap((g) => g.choices.map((c) => c.id)));
const steps = TOURS.flatMap((tour) => tour.steps.map((step, i) => ({ tour, step, i })));

async function stepSession(step: TourStep) {
  const sample = samples.find((s) => s.file === step.sample) as Sample;
  return datasetSession(step.sample, {
    classColumn: sample.classColumn,
    drop: [...sample.drop, ...(step.drop ?? [])],
    missing: 'auto',
  });
}

describe('the five tours', () => {
  it('one per paper, seeds 000 to 004, each with at least two paper numbers', () => {
    expect(TOURS.map((t) => t.seed).sort()).toEqual(['000', '001', '002', '003', '004']);
    expect(new Set(TOURS.map((t) => t.id)).size).toBe(5);
    for (const tour of TOURS) {
      expect(tour.steps.length, tour.id).toBeGreaterThanOrEqual(4);
      expect(tour.steps.flatMap((s) => s.numbers).length, tour.id).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(steps.map((s) => [`${s.tour.id} step ${s.i + 1}`, s] as const))(
    '%s: entries, sample, names',
    async (_, { step }) => {
      for (const p of step.panels) {
        expect(entries, p.entry).toContain(p.entry);
        expect(tourCall(p)).not.toBeNull();
      }
      expect(samples.map((s) => s.file)).toContain(step.sample);
      const header = readDataset(step.sample).split('\n')[0]?.split(',') ?? [];
      for (const column of step.drop ?? [])
        expect(header.map((h) => h.replace(/"/g, ''))).toContain(column);
      const session = await stepSession(step);
      const meta = tableMeta(session.table);
      const named = (name: string) =>
        name.includes('=') ? valueIndex(meta, name) : attributeIndex(meta, name);
      for (const [a, b] of step.highlight?.cells ?? []) {
        expect(named(a), a).toBeGreaterThanOrEqual(0);
        expect(named(b), b).toBeGreaterThanOrEqual(0);
      }
      for (const name of step.highlight?.values ?? [])
        expect(valueIndex(meta, name), name).toBeGreaterThanOrEqual(0);
      for (const word of step.highlight?.words ?? [])
        expect(attributeIndex(meta, word), word).toBeGreaterThanOrEqual(0);
      // Every panel call is valid on the step's table.
      for (const p of step.panels) {
        const call = tourCall(p)?.call;
        if (call) expect(() => resolveCall(call), p.entry).not.toThrow();
      }
    },
  );

  const numbered = steps.filter((s) => s.step.numbers.length > 0);
  it.each(numbered.map((s) => [`${s.tour.id} step ${s.i + 1}`, s] as const))(
    '%s: ours, read from live results, agrees with the paper',
    async (_, { step }) => {
      const session = await stepSession(step);
      const table = session.table;
      const counts = session.counts();
      const results: Record<string, ResultEntry> = {};
      const needed = new Set(
        step.numbers.flatMap((n) => ('panel' in n.read ? [n.read.panel] : [])),
      );
      for (const i of needed) {
        const call = tourCall(step.panels[i] as TourStep['panels'][number])?.call;
        if (!call) continue;
        const resolved = resolveCall(call);
        const output = runToEnd(session.runSteps(call));
        results[resolved.key] = {
          key: resolved.key,
          call: resolved,
          status: 'done',
          output,
          error: null,
          live: null,
          training: null,
          seconds: 0,
          endedAt: 0,
        };
      }
      const live = {
        meta: tableMeta(table),
        counts: countsReport(counts),
        results,
        indicators: indicatorsReport(table, counts),
      };
      for (const n of step.numbers) {
        const ours = readOurs(n.read, step, live);
        expect(ours, n.label).not.toBeNull();
        expect(
          agrees(ours as number, n.paper, n.digits),
          `${n.label}: ours ${ours}, paper ${n.printed}`,
        ).toBe(true);
      }
    },
  );

  it('a number off by more than half a printed unit does not agree', () => {
    expect(agrees(0.4714, 0.4714, 4)).toBe(true);
    expect(agrees(0.47145, 0.4714, 4)).toBe(true);
    expect(agrees(0.4716, 0.4714, 4)).toBe(false);
    expect(agrees(0.12, 0.11, 3)).toBe(false);
    expect(agrees(3, 4, 0)).toBe(false);
  });
});
