/** The kinds of panel the workspace can hold; each has one entry in views/registry.tsx. */
export type ViewId =
  | 'summary'
  | 'cooccurrence'
  | 'su'
  | 'rows'
  | 'value-matrices'
  | 'value-partitions'
  | 'ranking'
  | 'impact'
  | 'projection'
  | 'pair'
  | 'comparison'
  | 'walkthrough'
  | 'untie-training'
  | 'results-board';
