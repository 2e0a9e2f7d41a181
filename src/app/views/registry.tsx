import type { ComponentType } from 'react';
import type { JobKind } from '../store/jobsSlice.ts';
import { CooccurrenceView } from './CooccurrenceView.tsx';
import { SummaryView } from './SummaryView.tsx';
import { SuView } from './SuView.tsx';
import { CouplingsView } from './CouplingsView.tsx';
import { ValueClustersView } from './ValueClustersView.tsx';
import { ObjectEmbeddingView } from './ObjectEmbeddingView.tsx';
import { CoshView } from './CoshView.tsx';
import { EvaluationView } from './EvaluationView.tsx';
import { RowsView } from './RowsView.tsx';
import { ProjectionView } from './ProjectionView.tsx';

export type ViewId =
  | 'summary'
  | 'cooccurrence'
  | 'su'
  | 'couplings'
  | 'value-clusters'
  | 'cde-objects'
  | 'cosh'
  | 'evaluation'
  | 'rows'
  | 'projection';

export interface ViewSpec {
  id: ViewId;
  title: string;
  /** What it shows, for the add-panel menu. */
  description: string;
  /** Rendered with its panel's id, for views that keep per-panel state. */
  component: ComponentType<{ panelId: number }>;
  /** Jobs whose progress and cancel button the panel shows. */
  jobs: JobKind[];
}

/** Every view a panel can hold. Method issues add their views here. */
export const VIEWS: ViewSpec[] = [
  {
    id: 'summary',
    title: 'Data summary',
    description: 'Rows, columns, kinds, values, warnings',
    component: SummaryView,
    jobs: ['load'],
  },
  {
    id: 'cooccurrence',
    title: 'Value co-occurrence',
    description: 'How often each pair of values appears in the same row',
    component: CooccurrenceView,
    jobs: ['load', 'counts'],
  },
  {
    id: 'su',
    title: 'Attribute coupling (SU)',
    description: 'Symmetric uncertainty between attributes',
    component: SuView,
    jobs: ['load', 'counts'],
  },
  {
    id: 'couplings',
    title: 'Value couplings Mo & Mc (CURE)',
    description: 'Occurrence and co-occurrence value influence matrices, seed 000 Defs. 5-6',
    component: CouplingsView,
    jobs: ['cde'],
  },
  {
    id: 'value-clusters',
    title: 'Value clusters (CDE)',
    description: 'Which values k-means groups at every granularity of Mc and Mo',
    component: ValueClustersView,
    jobs: ['cde'],
  },
  {
    id: 'cde-objects',
    title: 'Object embedding (CDE, PCA)',
    description: 'Objects on the first two principal components of their CDE embedding',
    component: ObjectEmbeddingView,
    jobs: ['cde'],
  },
  {
    id: 'projection',
    title: 'Projection (t-SNE, MDS, PCA)',
    description: 'Objects of any representation in 2-D: t-SNE, classical/landmark MDS or PCA',
    component: ProjectionView,
    jobs: ['project'],
  },
  {
    id: 'cosh',
    title: 'Outliers (COSH)',
    description: 'Objects ranked by COSH outlier score and the value scores behind them',
    component: CoshView,
    jobs: ['cosh'],
  },
  {
    id: 'evaluation',
    title: 'Clustering evaluation',
    description: 'F-score, NMI and accuracy of k-means on CDE, 0-1, 0-1P and IDF',
    component: EvaluationView,
    jobs: ['evaluate'],
  },
  {
    id: 'rows',
    title: 'Data table',
    description: 'The rows with their values, selection first',
    component: RowsView,
    jobs: ['load'],
  },
];

export function viewSpec(id: ViewId): ViewSpec {
  return VIEWS.find((v) => v.id === id) ?? (VIEWS[0] as ViewSpec);
}
