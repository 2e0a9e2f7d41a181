/**
 * How one run of a clustering evaluation picks its partition (results/zoo-protocol.md compares
 * them on Zoo and Housevotes):
 * - `ours`: one start per run — k-means++ for k-means and for k-modes (Jian et al. 2019's
 *   protocol, which reproduces CURE's Table 1 and UNTIE's Housevotes row).
 * - `paper-zoo`: the closest we found to Zhu et al. 2022 (UNTIE) Table 4's Zoo row: each run keeps
 *   the lowest-cost of 10 starts (the Python kmodes package's n_init = 10), k-modes starts drawn
 *   by Huang's (1998) method, k-means starts by k-means++.
 * - `cao`: k-modes from Cao et al. (2009)'s deterministic starts (every run alike); k-means as ours.
 */
export const CLUSTERING_PROTOCOLS = ['ours', 'paper-zoo', 'cao'] as const;
export type ClusteringProtocol = (typeof CLUSTERING_PROTOCOLS)[number];

export const PROTOCOL_TITLES: Record<ClusteringProtocol, string> = {
  ours: 'one k-means++ start per run',
  'paper-zoo': 'best of 10 starts by cost per run (k-modes: Huang’s starts)',
  cao: 'one start per run (k-modes: Cao’s deterministic starts)',
};

/** Starts per run under a protocol. */
export function startsPerRun(protocol: ClusteringProtocol): number {
  return protocol === 'paper-zoo' ? 10 : 1;
}
