import type { StateCreator } from 'zustand';
import type {
  CdeReport,
  CoshReport,
  EvaluationReport,
  EvaluationRequest,
} from '../../core/analysis.ts';
import type { ErrorInfo } from '../../core/errors.ts';
import type { CdeOptions } from '../../core/methods/cde.ts';
import type { CoshOptions } from '../../core/methods/cosh.ts';
import type { Outcome } from '../../worker/api.ts';
import type { Store } from './index.ts';

/** A method's result, tagged with the table version it was computed on. */
export interface Result<T> {
  version: number;
  value: T;
}

export interface CoshSettings extends CoshOptions {
  /** Class label treated as the outliers, for the AUC; null = none. */
  outlierClass: string | null;
}

export interface MethodsSlice {
  cdeOptions: CdeOptions;
  coshSettings: CoshSettings;
  evaluationRequest: EvaluationRequest;
  cde: Result<CdeReport> | null;
  cosh: Result<CoshReport> | null;
  evaluation: Result<EvaluationReport> | null;
  /** Last failure per method, shown in its panels. */
  methodErrors: Partial<Record<'cde' | 'cosh' | 'evaluate', ErrorInfo>>;
  /** The value cluster picked in the value-cluster view (granularity index, cluster). */
  selectedCluster: { granularity: number; cluster: number } | null;
  /** Rows holding any selected value (null when no value is selected). */
  rowsWithSelectedValues: Int32Array | null;
  /** Runs CDE / COSH on the current table unless a result or a run for it exists already. */
  ensureResult(kind: 'cde' | 'cosh'): void;
  runCde(options?: CdeOptions): Promise<void>;
  runCosh(settings?: CoshSettings): Promise<void>;
  runEvaluation(request?: EvaluationRequest): Promise<void>;
  selectCluster(granularity: number, cluster: number, values: number[]): void;
  resetResults(): void;
}

export const createMethodsSlice: StateCreator<Store, [], [], MethodsSlice> = (set, get) => {
  /** Stores a finished job's value unless the table changed meanwhile; records failures. */
  function settle<T>(
    key: 'cde' | 'cosh' | 'evaluation',
    errorKey: 'cde' | 'cosh' | 'evaluate',
    version: number,
    outcome: Outcome<T>,
  ): void {
    if (version !== get().tableVersion) return;
    const methodErrors = { ...get().methodErrors };
    if (outcome.ok) {
      delete methodErrors[errorKey];
      set({ [key]: { version, value: outcome.value }, methodErrors } as Partial<Store>);
    } else set({ methodErrors: { ...methodErrors, [errorKey]: outcome.error } });
  }

  /** Table version each method is being computed for (guards against duplicate auto-runs). */
  const inFlight: Partial<Record<'cde' | 'cosh' | 'evaluate', number>> = {};
  async function tracked(kind: 'cde' | 'cosh' | 'evaluate', work: () => Promise<void>) {
    const version = get().tableVersion;
    inFlight[kind] = version;
    try {
      await work();
    } finally {
      if (inFlight[kind] === version) delete inFlight[kind];
    }
  }

  return {
    ensureResult: (kind) => {
      const s = get();
      if (!s.loaded || s.methodErrors[kind]) return;
      const result = s[kind];
      if (result?.version === s.tableVersion || inFlight[kind] === s.tableVersion) return;
      void (kind === 'cde' ? s.runCde() : s.runCosh());
    },
    cdeOptions: {},
    coshSettings: { outlierClass: null },
    evaluationRequest: { runs: 50, seed: 0 },
    cde: null,
    cosh: null,
    evaluation: null,
    methodErrors: {},
    selectedCluster: null,
    rowsWithSelectedValues: null,
    runCde: (options = get().cdeOptions) =>
      tracked('cde', async () => {
        const version = get().tableVersion;
        set({ cdeOptions: options });
        const outcome = await get().runJob('cde', 'CDE', (c, onProgress) =>
          c.run((api, id, p) => api.cde(options, id, p), onProgress),
        );
        settle('cde', 'cde', version, outcome);
      }),
    runCosh: (settings = get().coshSettings) =>
      tracked('cosh', async () => {
        const version = get().tableVersion;
        set({ coshSettings: settings });
        const { outlierClass, ...options } = settings;
        const outcome = await get().runJob('cosh', 'COSH', (c, onProgress) =>
          c.run((api, id, p) => api.cosh(options, outlierClass, id, p), onProgress),
        );
        settle('cosh', 'cosh', version, outcome);
      }),
    runEvaluation: (request = get().evaluationRequest) =>
      tracked('evaluate', async () => {
        const version = get().tableVersion;
        set({ evaluationRequest: request });
        const outcome = await get().runJob('evaluate', 'Evaluating representations', (c, p) =>
          c.run((api, id, onProgress) => api.evaluate(request, id, onProgress), p),
        );
        settle('evaluation', 'evaluate', version, outcome);
      }),
    selectCluster: (granularity, cluster, values) => {
      set({ selectedCluster: { granularity, cluster } });
      get().setSelectedValues(values);
    },
    resetResults: () =>
      set({
        cde: null,
        cosh: null,
        evaluation: null,
        methodErrors: {},
        selectedCluster: null,
        rowsWithSelectedValues: null,
      }),
  };
};
