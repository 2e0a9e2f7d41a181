import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
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

/** A measured stretch of time: from one performance mark to another. */
export interface Span {
  what: string;
  from: number;
  to: number;
}

/** A performance mark (it shows in the trace too); returns its time. */
export function mark(page: Page, name: string): Promise<number> {
  return page.evaluate((n) => performance.mark(n).startTime, name);
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

/**
 * Stops the trace; returns the page's main-thread tasks longer than `minWallMs` between two
 * performance marks (not the trace's own flush when it stops, nor the test's set-up).
 */
export async function stopTaskTrace(
  page: Page,
  span: { from: string; to: string },
  minWallMs: number,
): Promise<TracedTask[]> {
  const browser = page.context().browser();
  if (!browser) return [];
  const buffer = await browser.stopTracing();
  if (process.env.TASK_TRACE) writeFileSync(`${process.env.TASK_TRACE}-${span.from}.json`, buffer);
  const events = traceEventsOf(buffer);
  const from = markTime(events, span.from);
  const to = markTime(events, span.to);
  const threads = threadNames(events);
  const onMain = events.filter(
    (e) => e.ph === 'X' && threads.get(threadOf(e)) === 'CrRendererMain',
  );
  const inside = (task: TraceEvent, e: TraceEvent) =>
    threadOf(e) === threadOf(task) && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0);
  return onMain
    .filter(
      (e) =>
        e.name === 'ThreadControllerImpl::RunTask' &&
        e.ts >= from &&
        e.ts <= to &&
        (e.dur ?? 0) / 1000 > minWallMs,
    )
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
