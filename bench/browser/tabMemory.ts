/**
 * The memory of a Chromium tab, read from Linux's /proc: the proportional set size (Pss) of each
 * renderer process of one browser (a tab's page and its dedicated workers share one renderer
 * process), found as the descendants of the browser process whose command line carries a tag.
 */
import { readdirSync, readFileSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  cmdline: string;
}

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      out.push({ pid: Number(name), ppid, cmdline });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** kB of Pss (or of RSS where smaps_rollup is not readable) of one process; 0 once it is gone. */
function pssKb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const pss = /^Pss:\s+(\d+)/m.exec(rollup);
    if (pss) return Number(pss[1]);
  } catch {
    // fall through
  }
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The renderer processes under the browser whose command line contains `tag`. */
export function rendererPids(tag: string): number[] {
  const all = processes();
  const root = all.find((p) => p.cmdline.includes(tag) && !p.cmdline.includes('--type='));
  if (!root) return [];
  const children = new Map<number, number[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const found: number[] = [];
  const walk = (pid: number): void => {
    for (const child of children.get(pid) ?? []) {
      const proc = all.find((p) => p.pid === child);
      if (proc?.cmdline.includes('--type=renderer')) found.push(child);
      walk(child);
    }
  };
  walk(root.pid);
  return found;
}

/** Samples the largest renderer's memory every `everyMs` until stopped; returns peak and last, MB. */
export function watchTabMemory(tag: string, everyMs = 250) {
  let peak = 0;
  let last = 0;
  const sample = () => {
    const sizes = rendererPids(tag).map(pssKb);
    last = Math.max(0, ...sizes) / 1024;
    peak = Math.max(peak, last);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    /** Peak since the last reset, and the current size, in MB. */
    read(): { peakMb: number; nowMb: number } {
      sample();
      return { peakMb: peak, nowMb: last };
    },
    reset(): void {
      peak = last;
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}
