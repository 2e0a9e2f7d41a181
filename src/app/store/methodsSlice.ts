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
import type { Remote } from 'comlink';
import type { Progress } from '../../core/jobs.ts';
import type { ExplorerApi, Outcome } from '../../worker/api.ts';
import type { JobKind } from './jobsSlice.ts';
import type { Store } from './index.ts';

/** A method's result, tagged with the table version it was computed on. */
export interface Result<T> {
  version: number;
  value: T;
}

type MethodKey = 'cde' | 'cosh' | 'evaluation';
const JOB_OF: Record<MethodKey, JobKind> = { cde: 'cde', cosh: 'cosh', evaluation: 'evaluate' };
type Call<T> = (
  api: Remote<ExplorerApi>,
  jobId: number,
  onProgress: (p: Progress) => void,
) => Promise<Outcome<T>>;

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
  methodErrors: Partial<Record<MethodKey, ErrorInfo>>;
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

/** The state of a freshly loaded table: no results, no failures, nothing picked. */
const NO_RESULTS = {
  cde: null,
  cosh: null,
  evaluation: null,
  methodErrors: {},
  selectedCluster: null,
  rowsWithSelectedValues: null,
} satisfies Partial<MethodsSlice>;

export const createMethodsSlice: StateCreator<Store, [], [], MethodsSlice> = (set, get) => {
  /** Table version each method is being computed for (guards against duplicate auto-runs). */
  const inFlight: Partial<Record<MethodKey, number>> = {};

  /**
   * Runs a method in the worker with a progress entry; stores its value unless the table changed
   * meanwhile, or records its failure for the method's panels.
   */
  async function run<T>(key: MethodKey, label: string, call: Call<T>): Promise<void> {
    const version = get().tableVersion;
    inFlight[key] = version;
    try {
      const outcome = await get().runJob(JOB_OF[key], label, (c, onProgress) =>
        c.run(call, onProgress),
      );
      if (version !== get().tableVersion) return;
      const methodErrors = { ...get().methodErrors };
      if (outcome.ok) {
        delete methodErrors[key];
        set({ [key]: { version, value: outcome.value }, methodErrors } as Partial<Store>);
      } else set({ methodErrors: { ...methodErrors, [key]: outcome.error } });
    } finally {
      if (inFlight[key] === version) delete inFlight[key];
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
    ...NO_RESULTS,
    runCde: (options = get().cdeOptions) => {
      set({ cdeOptions: options });
      return run('cde', 'CDE', (api, id, p) => api.cde(options, id, p));
    },
    runCosh: (settings = get().coshSettings) => {
      set({ coshSettings: settings });
      const { outlierClass, ...options } = settings;
      return run('cosh', 'COSH', (api, id, p) => api.cosh(options, outlierClass, id, p));
    },
    runEvaluation: (request = get().evaluationRequest) => {
      set({ evaluationRequest: request });
      return run('evaluation', 'Evaluating representations', (api, id, p) =>
        api.evaluate(request, id, p),
      );
    },
    selectCluster: (granularity, cluster, values) => {
      set({ selectedCluster: { granularity, cluster } });
      get().setSelectedValues(values);
    },
    resetResults: () => set(NO_RESULTS),
  };
};
