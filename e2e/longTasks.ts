import type { Page } from '@playwright/test';

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
