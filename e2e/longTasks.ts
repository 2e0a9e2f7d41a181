import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { workUnitMs as pageWorkUnitMs } from '../test/workUnit.ts';
import { markTime, threadNames, threadOf, traceEventsOf, type TraceEvent } from './trace.ts';

interface LongTask {
  start: number;
  duration: number;
}

/**
 * Starts recording main-thread tasks longer than 50 ms (the Long Tasks API), and long animation
 * frames with the scripts that ran in them (to say whose a long task was when one is found).
 */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: LongTask[]; __frames: string[] };
    w.__longTasks = [];
    w.__frames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'))
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const scripts = (
            e as unknown as {
              scripts: {
                duration: number;
                invoker: string;
                sourceURL: string;
                sourceCharPosition: number;
                sourceFunctionName: string;
                forcedStyleAndLayoutDuration: number;
              }[];
            }
          ).scripts;
          const f = e as unknown as { renderStart: number; styleAndLayoutStart: number };
          const end = e.startTime + e.duration;
          // Rendering (rAF callbacks, style, layout, paint) and style + layout alone, in ms.
          const render = f.renderStart > 0 ? Math.round(end - f.renderStart) : 0;
          const layout = f.styleAndLayoutStart > 0 ? Math.round(end - f.styleAndLayoutStart) : 0;
          w.__frames.push(
            `${Math.round(e.startTime)} ms, ${Math.round(e.duration)} ms (render ${render}, style+layout ${layout}): ${scripts
              .map(
                (s) =>
                  `${s.invoker} ${s.sourceFunctionName || ''}@${s.sourceURL.split('/').pop()}:${s.sourceCharPosition} ${Math.round(s.duration)} ms${s.forcedStyleAndLayoutDuration > 1 ? ` (forced layout ${Math.round(s.forcedStyleAndLayoutDuration)})` : ''}`,
              )
              .join('; ')}`,
          );
        }
      }).observe({ type: 'long-animation-frame' });
  });
}

/**
 * A measured stretch of time, between the performance marks `${what}:start` and `${what}:end`
 * (times in ms on the page's clock).
 */
export interface Span {
  what: string;
  from: number;
  to: number;
}

/** A performance mark (it shows in the trace too); returns its time. */
export function mark(page: Page, name: string): Promise<number> {
  return page.evaluate((n) => performance.mark(n).startTime, name);
}

/** Marks the start of a span; returns its time. */
export function startSpan(page: Page, what: string): Promise<number> {
  return mark(page, `${what}:start`);
}

/** Marks the end of a span that started at `from`. */
export async function endSpan(page: Page, what: string, from: number): Promise<Span> {
  return { what, from, to: await mark(page, `${what}:end`) };
}

/** Long tasks that started in a span (durations, ms), with the long frames then. */
export async function longTasksIn(
  page: Page,
  span: Span,
): Promise<{ what: string; tasks: { at: number; ms: number }[]; frames: string[] }> {
  const { tasks, frames } = await page.evaluate(
    ([a, b]) => {
      const w = globalThis as unknown as { __longTasks: LongTask[]; __frames: string[] };
      return {
        tasks: w.__longTasks
          .filter((t) => t.start >= a && t.start <= b)
          .map((t) => ({ at: Math.round(t.start - a), ms: Math.round(t.duration) })),
        frames: w.__frames
          .filter((f) => {
            const t = Number.parseFloat(f);
            return t >= a - 100 && t <= b;
          })
          .map((f) => `${Math.round(Number.parseFloat(f) - a)}${f.slice(f.indexOf(' '))}`),
      };
    },
    [span.from, span.to] as const,
  );
  return { what: span.what, tasks, frames };
}

/**
 * One of the page's main-thread tasks in a Chrome trace: its wall-clock time, the CPU time the
 * thread got in it, and whose it was — the app's, a garbage collection's, or the test harness's
 * (a DevTools protocol command of Playwright's, which a user's page never runs).
 */
export interface TracedTask {
  wallMs: number;
  cpuMs: number;
  kind: 'app' | 'gc' | 'harness';
}

/**
 * Starts a Chrome trace of the page's top-level tasks, with the protocol commands and garbage
 * collections inside them (a few MB for a test). A task's trace event carries both its
 * wall-clock duration and its thread time, the CPU time the main thread actually ran in it: on a
 * machine whose cores the workers keep busy, the system preempts the page, and a task of 10 ms of
 * work can take 60 ms of wall-clock time.
 */
export async function startTaskTrace(page: Page): Promise<void> {
  await page
    .context()
    .browser()
    ?.startTracing(page, { categories: ['toplevel', 'blink.user_timing', 'devtools', 'v8'] });
}

/** Stops the trace; its events (also written to `${TASK_TRACE}-${name}.json` when set). */
export async function stopTaskTrace(page: Page, name: string): Promise<TraceEvent[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tracing needs the browser');
  const buffer = await browser.stopTracing();
  if (process.env.TASK_TRACE) writeFileSync(`${process.env.TASK_TRACE}-${name}.json`, buffer);
  return traceEventsOf(buffer);
}

/** The traced top-level tasks of a span, on threads whose name matches. */
function tasksOf(events: readonly TraceEvent[], span: Span, thread: RegExp): TraceEvent[] {
  const from = markTime(events, `${span.what}:start`);
  const to = markTime(events, `${span.what}:end`);
  const threads = threadNames(events);
  return events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'ThreadControllerImpl::RunTask' &&
      e.ts >= from &&
      e.ts <= to &&
      thread.test(threads.get(threadOf(e)) ?? ''),
  );
}

/**
 * The page's main-thread tasks longer than `minWallMs` in a span (not the trace's own flush
 * when it stops, nor the test's set-up), each with its CPU time and whose it was.
 */
export function tracedTasks(
  events: readonly TraceEvent[],
  span: Span,
  minWallMs: number,
): TracedTask[] {
  const threads = threadNames(events);
  const onMain = events.filter(
    (e) => e.ph === 'X' && threads.get(threadOf(e)) === 'CrRendererMain',
  );
  const inside = (task: TraceEvent, e: TraceEvent) =>
    threadOf(e) === threadOf(task) && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0);
  return tasksOf(events, span, /^CrRendererMain$/)
    .filter((e) => (e.dur ?? 0) / 1000 > minWallMs)
    .map((task) => {
      const within = onMain.filter((e) => e !== task && inside(task, e));
      const gc = within
        .filter((e) => e.name === 'MajorGC' || e.name === 'MinorGC')
        .reduce((sum, e) => sum + (e.dur ?? 0), 0);
      const kind = within.some((e) => e.name === 'DevToolsSession::DispatchProtocolCommand')
        ? 'harness'
        : gc >= (task.dur ?? 0) / 2
          ? 'gc'
          : 'app';
      return {
        wallMs: Math.round((task.dur ?? 0) / 1000),
        cpuMs: Math.round((task.tdur ?? 0) / 1000),
        kind,
      };
    });
}

/** The CPU time the page's workers ran in a span, ms. */
export function workerCpuMs(events: readonly TraceEvent[], span: Span): number {
  const tasks = tasksOf(events, span, /Worker/);
  return Math.round(tasks.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000);
}

/** The issue's target for the longest main-thread task (issue 14), reported beside each span. */
export const LONG_TASK_MS = 50;

/** The work unit (test/workUnit.ts) timed in the page now, ms. */
export function workUnitMs(page: Page): Promise<number> {
  return page.evaluate(pageWorkUnitMs);
}

/**
 * How many work units one of the app's main-thread tasks may do: about 2× the 50 ms target on
 * a quiet machine, which the views met before (30–45 ms), while the renders this guards against
 * took 173–434 ms of CPU (issue 14) and a method run on the main thread takes seconds.
 */
export const APP_TASK_UNITS = 20;

/**
 * Checks a span's main-thread tasks, and returns what was measured. Asserted: no task of the
 * app's does more than APP_TASK_UNITS work units of CPU time (the trace's thread time;
 * Playwright's protocol commands, the harness's, and tasks that are mostly garbage collection
 * are listed, not counted), with the unit measured before and after the span (`unit`, the
 * larger). Reported, not asserted: the longest task's wall clock as the page's
 * PerformanceObserver saw it (the Long Tasks API) and the busiest task's CPU, beside the 50 ms
 * target — on a shared machine the system preempts the page, which only a bench can judge.
 */
export async function expectNoLongTasks(
  page: Page,
  events: readonly TraceEvent[],
  span: Span,
  unit: number,
): Promise<string> {
  const traced = tracedTasks(events, span, LONG_TASK_MS);
  const { tasks, frames } = await longTasksIn(page, span);
  const app = traced.filter((t) => t.kind === 'app');
  const busiest = Math.max(0, ...app.map((t) => t.cpuMs));
  const budget = Math.round(APP_TASK_UNITS * unit);
  const tracedList = traced.map((t) => `${t.wallMs} ms (CPU ${t.cpuMs} ms, ${t.kind})`).join(', ');
  const list = tasks.map((t) => `${t.ms} ms at ${t.at} ms`).join(', ');
  const longest = Math.max(0, ...tasks.map((t) => t.ms));
  const report = `${span.what}: longest main-thread task ${longest} ms wall-clock, the most CPU time in one of the app's tasks ${busiest} ms (target ${LONG_TASK_MS} ms; allowed here ${budget} ms = ${APP_TASK_UNITS} × a work unit of ${unit.toFixed(1)} ms); traced tasks over ${LONG_TASK_MS} ms: ${tracedList || 'none'}; long tasks: ${list || 'none'}`;
  test.info().annotations.push({ type: 'longest main-thread task', description: report });
  console.log(report);
  if (process.env.LONG_TASK_LOG) console.log(`  long frames:\n  ${frames.join('\n  ')}`);
  expect(
    app.filter((t) => t.cpuMs > budget),
    `${span.what}: the app's main-thread tasks doing more than ${budget} ms of work (${tracedList}); long frames, from the start: ${frames.join(' | ')}`,
  ).toEqual([]);
  return report;
}
