/**
 * The four tasks the first screen offers beside the samples, each a ready layout of panels named
 * by their add-panel entries (`view` or `view:method`, src/app/views/registry.tsx), so a layout
 * follows the registry. `sample` is the table a task opens on; without one it uses the table
 * loaded now (the user's own, or a sample).
 */
export interface Task {
  id: string;
  title: string;
  /** One line: what the layout shows. */
  blurb: string;
  panels: readonly string[];
  sample?: string;
}

export const TASKS: readonly Task[] = [
  {
    id: 'value-couplings',
    title: 'Explore how values couple',
    blurb: 'Co-occurrence, attribute coupling, CDE’s value matrices and value clusters',
    panels: ['summary', 'cooccurrence', 'su', 'value-matrices:cde', 'value-partitions:cde'],
  },
  {
    id: 'anomalies',
    title: 'Find and explain anomalies',
    blurb: 'Outlier rankings by COSH and CBRW, the values behind them, the rows',
    panels: ['ranking:cosh', 'ranking:cbrw', 'impact:cbrw', 'rows'],
  },
  {
    id: 'compare',
    title: 'Compare methods on my data',
    blurb: 'Every representation clustered against the class, and the objects of two side by side',
    panels: ['comparison:evaluate-clustering', 'projection:cde', 'projection:onehot'],
  },
  {
    id: 'learn',
    title: 'Learn a paper',
    blurb: 'Coupled attribute similarity (Wang et al. 2015) step by step on its Movies table',
    panels: ['walkthrough:cas-walkthrough', 'value-matrices:cas', 'rows'],
    sample: 'movie.csv',
  },
];
