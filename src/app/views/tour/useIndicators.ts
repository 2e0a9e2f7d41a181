import { useEffect, useState } from 'react';
import type { IndicatorsReport } from '../../../core/evaluation/indicators.ts';
import { useStore } from '../../store/index.ts';

/** FCI, VCI … of the loaded table, computed in a worker when `wanted` (again for each new table). */
export function useIndicators(wanted: boolean): IndicatorsReport | null {
  const query = useStore((s) => s.query);
  const version = useStore((s) => s.tableVersion);
  const loaded = useStore((s) => s.loaded !== null);
  const [report, setReport] = useState<{ version: number; value: IndicatorsReport } | null>(null);
  useEffect(() => {
    if (!wanted || !loaded) return;
    let live = true;
    void query((api) => api.indicators(null, -1)).then((outcome) => {
      if (live && outcome.ok) setReport({ version, value: outcome.value });
    });
    return () => {
      live = false;
    };
  }, [wanted, loaded, query, version]);
  return report && report.version === version ? report.value : null;
}
