import type { ComponentType } from 'react';
import {
  allSpecs,
  comparisonSteps,
  listInput,
  methodsProducing,
  projectionSteps,
} from '../../core/platform/registry.ts';
import { projectionCall } from '../model/steps.ts';
import { shortCitation, type PanelChoice, type PanelGroup } from '../model/panelMenu.ts';
import { consumesOf, showsStep } from '../model/viewCalls.ts';
import type { Call, MethodSpec } from '../../core/platform/spec.ts';
import type { ResultKind } from '../../core/platform/results.ts';
import type { ViewId } from '../model/viewIds.ts';
import type { JobKind } from '../store/jobsSlice.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { ComparisonView } from './ComparisonView.tsx';
import { CooccurrenceView } from './CooccurrenceView.tsx';
import { CouplingSpacesView } from './CouplingSpacesView.tsx';
import { ImpactView } from './ImpactView.tsx';
import { NeighboursView } from './NeighboursView.tsx';
import { PairView } from './PairView.tsx';
import { ProjectionView } from './ProjectionView.tsx';
import { RankingView } from './RankingView.tsx';
import { ResultsBoardView } from './ResultsBoardView.tsx';
import { RowsView } from './RowsView.tsx';
import { SummaryView } from './summary/SummaryView.tsx';
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
  /**
   * A view of steps that compare or explain (the evaluations, the walk-through): which of those
   * steps it shows. Its menu entries are those steps, each first called over every method it can
   * compare (`stepCall`).
   */
  showsStep?(step: MethodSpec): boolean;
  /** Data jobs (reading, counting) whose progress the panel shows. */
  dataJobs: JobKind[];
  /** Listed under "Compare methods" though it holds no call of its own (the results board). */
  compares?: boolean;
}

/** A comparison step's first call: its list input over every method producing what it takes. */
export function stepCall(step: MethodSpec): Call {
  const input = listInput(step);
  return input
    ? {
        method: step.id,
        inputs: { [input.name]: methodsProducing(input.accepts).map((s) => ({ method: s.id })) },
      }
    : { method: step.id };
}

/** The view showing a comparison step's results. */
export function viewOfStep(step: MethodSpec): ViewSpec {
  return VIEWS.find((v) => v.showsStep?.(step)) as ViewSpec;
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
    consumes: consumesOf('value-matrices'),
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'value-partitions',
    title: 'Value clusters',
    description: 'Which values the method groups at every granularity',
    component: ValuePartitionsView,
    consumes: consumesOf('value-partitions'),
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'ranking',
    title: 'Outlier ranking',
    description: 'Objects ranked by the method’s outlier score, and the values behind it',
    component: RankingView,
    consumes: consumesOf('ranking'),
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'impact',
    title: 'Attribute impact',
    description: 'Word clouds of each attribute’s impact on the model and on selected objects',
    component: ImpactView,
    consumes: consumesOf('impact'),
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'pair',
    title: 'Two objects compared',
    description: 'Two selected objects attribute by attribute under the method’s distance',
    component: PairView,
    consumes: consumesOf('pair'),
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'untie-training',
    title: 'Training and kernel weights',
    description: 'Loss per iteration (live) and the learned weight of every kernel space',
    component: UntieTrainingView,
    consumes: consumesOf('untie-training'),
    callFor: (m) => ({
      method: m.id,
      ...(m.trainingOptions && { options: { ...m.trainingOptions } }),
    }),
    dataJobs: [],
  },
  {
    id: 'coupling-spaces',
    title: 'Coupling spaces',
    description:
      'Each value of an attribute as its frequency m_Ia (Eq. 1) and p(value | v*) over the other attributes’ values m_Ie (Eq. 4)',
    component: CouplingSpacesView,
    consumes: consumesOf('coupling-spaces'),
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'projection',
    get title() {
      return `Projection (${projectionSteps()
        .map((s) => s.title)
        .join(', ')})`;
    },
    description: 'Objects of the representation in 2-D',
    component: ProjectionView,
    consumes: consumesOf('projection'),
    callFor: (m) => projectionCall({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'neighbours',
    title: 'Nearest neighbours',
    description:
      'The selected object’s nearest objects under the representation, with the values where they differ',
    component: NeighboursView,
    consumes: consumesOf('neighbours'),
    callFor: (m) => ({ method: m.id }),
    dataJobs: [],
  },
  {
    id: 'comparison',
    title: 'Comparison',
    description: 'An evaluation of several methods: tables and curves side by side',
    component: ComparisonView,
    showsStep: (step) => showsStep('comparison', step),
    dataJobs: [],
  },
  {
    id: 'walkthrough',
    title: 'Walk-through',
    description: 'One worked example, step by step',
    component: WalkthroughView,
    showsStep: (step) => showsStep('walkthrough', step),
    dataJobs: [],
  },
];

export function viewSpec(id: ViewId): ViewSpec {
  return VIEWS.find((v) => v.id === id) ?? (VIEWS[0] as ViewSpec);
}

/**
 * The add-panel menu, grouped by what a view shows: the data, then each view of a method's
 * results with every method producing what it shows (“Value clusters”: CDE, LIMBO …), then the
 * comparisons, then the walk-throughs that teach a method.
 */
export function panelChoices(): PanelGroup[] {
  const plain = (v: ViewSpec): PanelChoice => ({
    id: v.id,
    label: v.title,
    detail: v.description,
    cite: '',
    view: v.id,
    call: null,
  });
  const ofStep = (step: MethodSpec): PanelChoice => {
    const view = viewOfStep(step);
    return {
      id: `${view.id}:${step.id}`,
      label: step.title,
      detail: step.description,
      cite: shortCitation(step.paper),
      view: view.id,
      call: stepCall(step),
    };
  };
  const steps = comparisonSteps();
  const teaching = steps.filter((s) => viewOfStep(s).id === 'walkthrough');
  return [
    {
      group: 'Your data',
      choices: VIEWS.filter((v) => !v.consumes && !v.showsStep && !v.compares).map(plain),
    },
    ...VIEWS.filter((v) => v.consumes).map((v) => ({
      group: `${v.title} — ${v.description}`,
      choices: allSpecs('method')
        .filter((m) => v.consumes?.some((k) => m.produces.includes(k)))
        .map((m) => ({
          id: `${v.id}:${m.id}`,
          label: `${m.title}: ${v.title}`,
          detail: m.description,
          cite: shortCitation(m.paper),
          view: v.id,
          call: v.callFor?.(m) ?? null,
        })),
    })),
    {
      group: 'Compare methods',
      choices: [
        ...VIEWS.filter((v) => v.compares).map(plain),
        ...steps.filter((s) => !teaching.includes(s)).map(ofStep),
      ],
    },
    { group: 'Learn a method, step by step', choices: teaching.map(ofStep) },
  ].filter((g) => g.choices.length > 0);
}
