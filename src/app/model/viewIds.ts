/** The kinds of panel the workspace can hold; each has one entry in views/registry.tsx. */
export const VIEW_IDS = [
  'summary',
  'cooccurrence',
  'su',
  'rows',
  'value-matrices',
  'value-partitions',
  'ranking',
  'impact',
  'projection',
  'pair',
  'neighbours',
  'comparison',
  'walkthrough',
  'untie-training',
  'coupling-spaces',
  'results-board',
] as const;

export type ViewId = (typeof VIEW_IDS)[number];

export function isViewId(id: unknown): id is ViewId {
  return typeof id === 'string' && (VIEW_IDS as readonly string[]).includes(id);
}
