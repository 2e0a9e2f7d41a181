/** The matrix as a Markdown table: one row per table, seconds and outcome per cell. */
import type { CellResult } from './run.ts';

export function summarise(results: readonly CellResult[]): {
  done: number;
  notApplicable: number;
  failed: CellResult[];
} {
  return {
    done: results.filter((r) => r.outcome === 'done').length,
    notApplicable: results.filter((r) => r.outcome === 'n/a').length,
    failed: results.filter((r) => r.outcome === 'failed'),
  };
}

export function markdown(results: readonly CellResult[], header: string): string {
  const tables = [...new Set(results.map((r) => r.table))];
  const { done, notApplicable, failed } = summarise(results);
  const lines = [
    header,
    '',
    `${results.length} cells: ${done} done, ${notApplicable} not applicable (a declared precondition), ${failed.length} failed.`,
    '',
    '| table | cells | done | n/a | failed | seconds | slowest cell |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const t of tables) {
    const rows = results.filter((r) => r.table === t);
    const s = summarise(rows);
    // A list step's seconds are shared by its methods' cells: count each call once.
    const calls = new Map(
      rows.map((r) => [
        `${r.kind} ${r.step} ${r.kind === 'method' || r.kind === 'projection' || r.kind === 'clustering' || r.kind === 'word-cloud' ? r.method : ''}`,
        r,
      ]),
    );
    const seconds = [...calls.values()].reduce((sum, r) => sum + r.seconds, 0);
    const slowest = [...calls.values()].sort((a, b) => b.seconds - a.seconds)[0];
    lines.push(
      `| ${t} | ${rows.length} | ${s.done} | ${s.notApplicable} | ${s.failed.length} | ${seconds.toFixed(1)} | ${slowest ? `${cellName(slowest)} ${slowest.seconds.toFixed(1)} s` : ''} |`,
    );
  }
  const na = results.filter((r) => r.outcome === 'n/a');
  if (na.length > 0) {
    lines.push(
      '',
      '## Not applicable (declared preconditions)',
      '',
      '| table | cell | why |',
      '|---|---|---|',
    );
    for (const r of dedupe(na))
      lines.push(`| ${r.table} | ${cellName(r)} | ${oneLine(r.reason)} |`);
  }
  if (failed.length > 0) {
    lines.push('', '## Failed', '', '| table | cell | seconds | error |', '|---|---|---|---|');
    for (const r of failed)
      lines.push(
        `| ${r.table} | ${cellName(r)} | ${r.seconds.toFixed(1)} | ${oneLine(r.reason)} |`,
      );
  }
  return `${lines.join('\n')}\n`;
}

export function cellName(r: CellResult): string {
  return r.kind === 'method' ? r.method : `${r.step} · ${r.method}`;
}

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 240);
}

/** One line per table and reason shape, so a precondition shared by many cells is listed once. */
function dedupe(rows: readonly CellResult[]): CellResult[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.table}|${cellName(r)}|${r.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
