/** Reading a Chrome trace (Playwright's `browser.stopTracing()`): its events, threads and marks. */

export interface TraceEvent {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time: the CPU time the thread ran in the event. */
  tdur?: number;
  args?: { name?: string };
}

export function traceEventsOf(buffer: Buffer): TraceEvent[] {
  return (JSON.parse(buffer.toString('utf-8')) as { traceEvents: TraceEvent[] }).traceEvents;
}

/** The name of each thread ("CrRendererMain", "DedicatedWorker thread"…), keyed `pid:tid`. */
export function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(threadOf(e), e.args?.name ?? '');
  return names;
}

export function threadOf(e: TraceEvent): string {
  return `${e.pid}:${e.tid}`;
}

/** The time of a performance mark (traced with the `blink.user_timing` category). */
export function markTime(events: readonly TraceEvent[], name: string): number {
  const mark = events.find((e) => e.name === name && (e.cat ?? '').includes('user_timing'));
  if (!mark) throw new Error(`no mark ${name} in the trace`);
  return mark.ts;
}
