import type { ComponentType } from 'react';
import { allSpecs } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import type { Call, MethodSpec } from '../../core/platform/spec.ts';
import type { ResultKind } from '../../core/platform/results.ts';
import type { ViewId } from '../model/viewIds.ts';
import type { JobKind } from '../store/jobsSlice.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { ComparisonView } from './ComparisonView.tsx';
import { CooccurrenceView } from './CooccurrenceView.tsx';
import { ImpactView } from './ImpactView.tsx';
import { PairView } from './PairView.tsx';
import { ProjectionView } from './ProjectionView.tsx';
import { RankingView } from './RankingView.tsx';
import { ResultsBoardView } from './ResultsBoardView.tsx';
import { RowsView } from './RowsView.tsx';
import { SummaryView } from './SummaryView.tsx';
import { SuView } from './SuView.tsx';
import { UntieTrainingView } from './UntieTrainingView.tsx';
import { ValueMatricesView } from './ValueMatricesView.tsx';
import { ValuePartitionsView } from './ValuePartitionsView.tsx';
import { WalkthroughView } from './WalkthroughView.tsx';

export interface ViewSpec {
  id: ViewId;
  title: string;
  /** What it shows, for the add-panel menu. */
  description: string;
  component: ComponentType<{ panel: Panel }>;
  /**
   * A method view: the result kinds it shows, and the panel's call for a method producing one
   * of them (the method itself, or a step of it such as "t-SNE of").
   */
  consumes?: readonly ResultKind[];
  callFor?(method: MethodSpec): Call;
  /** A comparison view: its first call, over every method it can compare. */
  defaultCall?(): Call;
  /** Data jobs (reading, counting) whose progress the panel shows. */
  dataJobs: JobKind[];
  /** Listed under "Compare methods" though it holds no call of its own (the results board). */
  compares?: boolean;
}

/** Every registered method producing one of the kinds, with its default options. */
function every(kinds: readonly ResultKind[]): Call[] {
  return allSpecs('method')
    .filter((s) => s.produces.some((k) => kinds.includes(k)))
    .map((s) => ({ method: s.id }));
}

/** Every view a panel can hold. Views consume result kinds, so any method's results fit. */
export const VIEWS: ViewSpec[] = [
  {
    id: 'results-board',
    title: 'Results board (Run all)',
    description:
      'Every method on this data set: clustering, outlier AUC, (ε,γ) area, precision@k, data indicators',
    component: ResultsBoardView,
    dataJobs: [],
    compares: true,
  },
  {
    id: 'summary',
    title: 'Data summary',
    description: 'Rows, columns, kinds, values, warnings',
    component: SummaryView,
    dataJobs: ['load'],
  },
  {
    id: 'cooccurrence',
    title: 'Value co-occurrence',
    description: 'How often each pair of values appears in the same row',
    component: CooccurrenceView,
    dataJobs: ['load', 'counts'],
  },
  {
    id: 'su',
    title: 'Attribute coupling (SU)',
    description: 'Symmetric uncertainty between attributes',
    component: SuView,
    dataJobs: ['load', 'counts'],
  },
  {
    id: 'rows',
    title: 'Data table',
    description: 'The rows with their values, selection first',
    component: RowsView,
    dataJobs: ['load'],
  },
  {
    id: 'value-matrices',
    title: 'Value matrices',
    description: 'The method’s value × value matrices side by side, with formula tooltips',
    component: ValueMatricesView,
    consumes: ['value-matrix'],
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'value-partitions',
    title: 'Value clusters',
    description: 'Which values the method groups at every granularity',
    component: ValuePartitionsView,
    consumes: ['value-partitions'],
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'ranking',
    title: 'Outlier ranking',
    description: 'Objects ranked by the method’s outlier score, and the values behind it',
    component: RankingView,
    consumes: ['object-scores'],
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'impact',
    title: 'Attribute impact',
    description: 'Word clouds of each attribute’s impact on the model and on selected objects',
    component: ImpactView,
    consumes: ['attribute-impacts', 'object-impacts'],
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'pair',
    title: 'Two objects compared',
    description: 'Two selected objects attribute by attribute under the method’s distance',
    component: PairView,
    consumes: ['object-distance'],
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'untie-training',
    title: 'Training and kernel weights',
    description: 'Loss per iteration (live) and the learned weight of every kernel space',
    component: UntieTrainingView,
    consumes: ['kernel-weights'],
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'projection',
    title: 'Projection (t-SNE, MDS, PCA)',
    description: 'Objects of the representation in 2-D',
    component: ProjectionView,
    consumes: REPRESENTATION_KINDS,
    callFor: (m) => ({ method: 'tsne', inputs: { of: { method: m.id } } }),
    dataJobs: [],
  },
  {
    id: 'evaluation',
    title: 'Clustering evaluation',
    description:
      'F-score, NMI and accuracy of clustering every representation (CURE, Jian et al. 2019, Table 1)',
    component: ComparisonView,
    defaultCall: () => ({
      method: 'evaluate-clustering',
      inputs: { methods: every(REPRESENTATION_KINDS) },
    }),
    dataJobs: [],
  },
  {
    id: 'outlier-evaluation',
    title: 'Outlier evaluation',
    description: 'AUC of every detector’s scores against an outlier class',
    component: ComparisonView,
    defaultCall: () => ({
      method: 'evaluate-outliers',
      inputs: { methods: every(['object-scores']) },
    }),
    dataJobs: [],
  },
  {
    id: 'detector-comparison',
    title: 'Detector comparison (the protocol of Ienco et al. 2016)',
    description:
      'SAnDCat, COSH, CBRW, ZERO++, LOF and isolation forest on the same folds: AUC and ROC',
    component: ComparisonView,
    defaultCall: () => ({ method: 'evaluate-detectors' }),
    dataJobs: [],
  },
  {
    id: 'impact-ablation',
    title: 'Attribute ablation (DILCA/SAnDCat, Ienco et al. 2016, Fig. 13)',
    description: 'SAnDCat’s AUC keeping only the n attributes of highest model impact',
    component: ComparisonView,
    defaultCall: () => ({ method: 'impact-ablation' }),
    dataJobs: [],
  },
  {
    id: 'cas-walkthrough',
    title: 'Coupled similarity walk-through (Wang et al. 2015)',
    description: 'Every quantity of IaASV, IeASV, CASV, CASO and CADO, step by step',
    component: WalkthroughView,
    defaultCall: () => ({ method: 'cas-walkthrough' }),
    dataJobs: [],
  },
  {
    id: 'irs-comparison',
    title: 'IRS variants compared (Wang et al. 2015)',
    description: 'IRSP, IRSU, IRSJ and IRSI side by side: operations, time and agreement',
    component: ComparisonView,
    defaultCall: () => ({ method: 'compare-irs' }),
    dataJobs: [],
  },
  {
    id: 'eps-gamma',
    title: '(ε,γ)-curves',
    description:
      'How well each representation’s similarity separates the classes (UNTIE, Zhu et al. 2022)',
    component: ComparisonView,
    defaultCall: () => ({
      method: 'eps-gamma',
      inputs: { methods: every(REPRESENTATION_KINDS) },
    }),
    dataJobs: [],
  },
  {
    id: 'retrieval',
    title: 'Precision@k',
    description:
      'The share of each object’s k nearest neighbours of its class (UNTIE, Zhu et al. 2022)',
    component: ComparisonView,
    defaultCall: () => ({
      method: 'retrieval',
      inputs: { methods: every(REPRESENTATION_KINDS) },
    }),
    dataJobs: [],
  },
];

export function viewSpec(id: ViewId): ViewSpec {
  return VIEWS.find((v) => v.id === id) ?? (VIEWS[0] as ViewSpec);
}

/** One entry of the add-panel menu; `id` is "view" or "view:method" (e.g. "projection:cde"). */
export interface PanelChoice {
  id: string;
  label: string;
  view: ViewId;
  call: Call | null;
}

/**
 * The add-panel menu: the data views, the comparisons, then per registered method every view
 * that fits a result it produces.
 */
export function panelChoices(): { group: string; choices: PanelChoice[] }[] {
  const data = VIEWS.filter((v) => !v.consumes && !v.defaultCall && !v.compares);
  const comparisons = VIEWS.filter((v) => v.defaultCall || v.compares);
  return [
    {
      group: 'Data',
      choices: data.map((v) => ({ id: v.id, label: v.title, view: v.id, call: null })),
    },
    {
      group: 'Compare methods',
      choices: comparisons.map((v) => ({
        id: v.id,
        label: v.title,
        view: v.id,
        call: v.defaultCall?.() ?? null,
      })),
    },
    ...allSpecs('method').map((m) => ({
      group: `${m.title} — ${m.description}`,
      choices: VIEWS.filter((v) => v.consumes?.some((k) => m.produces.includes(k))).map((v) => ({
        id: `${v.id}:${m.id}`,
        label: `${m.title}: ${v.title}`,
        view: v.id,
        call: v.callFor?.(m) ?? null,
      })),
    })),
  ].filter((g) => g.choices.length > 0);
}
