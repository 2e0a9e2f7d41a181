import type { ComponentType } from 'react';
import type { JobKind } from '../store/jobsSlice.ts';
import { CooccurrenceView } from './CooccurrenceView.tsx';
import { SummaryView } from './SummaryView.tsx';
import { SuView } from './SuView.tsx';

export type ViewId = 'summary' | 'cooccurrence' | 'su';

export interface ViewSpec {
  id: ViewId;
  title: string;
  /** What it shows, for the add-panel menu. */
  description: string;
  component: ComponentType;
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
];

export function viewSpec(id: ViewId): ViewSpec {
  return VIEWS.find((v) => v.id === id) ?? (VIEWS[0] as ViewSpec);
}
