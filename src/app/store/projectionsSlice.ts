import type { StateCreator } from 'zustand';
import type { ErrorInfo } from '../../core/errors.ts';
import type { ProjectionProgress } from '../../core/project/project.ts';
import type { ProjectionReport, ProjectionRequest } from '../../core/project/report.ts';
import { REPRESENTATIONS } from '../../core/project/representations.ts';
import type { Result } from './methodsSlice.ts';
import type { Store } from './index.ts';

/** What a projection panel shows; CDE's options come from the CDE settings, not from here. */
export type ProjectionSettings = Omit<ProjectionRequest, 'cde' | 'beta' | 'quality'>;

export interface ProjectionPanelState {
  settings: ProjectionSettings;
  /** The request (with table version) the result or the running job belongs to. */
  key: string;
  result: (Result<ProjectionReport> & { key: string }) | null;
  /** The layout of a t-SNE still iterating, for animation. */
  live: { key: string; layout: Float64Array; message: string } | null;
  error: { key: string; error: ErrorInfo } | null;
  running: boolean;
}

export interface ProjectionsSlice {
  /** Per projection panel (keyed by panel id). */
  projections: Record<number, ProjectionPanelState>;
  /** Changes a panel's settings and projects again. */
  setProjectionSettings(panelId: number, change: Partial<ProjectionSettings>): void;
  /** Projects unless the panel's result (or run) already matches the table and settings. */
  ensureProjection(panelId: number): void;
  /** The panel closed: stop its job and forget it. */
  disposeProjection(panelId: number): void;
}

export const DEFAULT_PROJECTION: ProjectionSettings = {
  representation: 'cde',
  projection: 'tsne',
  perplexity: 30,
  iterations: 1000,
  seed: 0,
};

export const createProjectionsSlice: StateCreator<Store, [], [], ProjectionsSlice> = (set, get) => {
  /** Cancel handles of running projection jobs, per panel. */
  const cancels = new Map<number, () => void>();

  const patch = (panelId: number, change: Partial<ProjectionPanelState>): void =>
    set((s) => {
      const current = s.projections[panelId];
      if (!current) return s;
      return { projections: { ...s.projections, [panelId]: { ...current, ...change } } };
    });

  function requestOf(settings: ProjectionSettings): ProjectionRequest {
    const s = get();
    return { ...settings, cde: { seed: 0, ...s.cdeOptions }, quality: true };
  }

  function keyOf(request: ProjectionRequest): string {
    return `${get().tableVersion}:${JSON.stringify(request)}`;
  }

  async function project(panelId: number): Promise<void> {
    const state = get().projections[panelId];
    if (!state || !get().loaded) return;
    cancels.get(panelId)?.();
    const request = requestOf(state.settings);
    const key = keyOf(request);
    const version = get().tableVersion;
    patch(panelId, { key, running: true, live: null });
    const outcome = await get().runJob(
      'project',
      `${request.projection === 'tsne' ? 't-SNE' : request.projection.toUpperCase()} of ${
        REPRESENTATIONS.find((r) => r.id === request.representation)?.title ??
        request.representation
      }`,
      (client, onProgress) => {
        const handle = client.run(
          (api, id, p) => api.project(request, id, p),
          (p: ProjectionProgress) => {
            onProgress(p);
            if (p.layout && get().projections[panelId]?.key === key)
              patch(panelId, { live: { key, layout: p.layout, message: p.message } });
          },
        );
        cancels.set(panelId, handle.cancel);
        return handle;
      },
      panelId,
    );
    if (get().projections[panelId]?.key !== key) return;
    cancels.delete(panelId);
    if (outcome.ok)
      patch(panelId, {
        running: false,
        live: null,
        error: null,
        result: { version, key, value: outcome.value },
      });
    else patch(panelId, { running: false, live: null, error: { key, error: outcome.error } });
  }

  return {
    projections: {},
    setProjectionSettings: (panelId, change) => {
      const current = get().projections[panelId];
      const settings = { ...(current?.settings ?? DEFAULT_PROJECTION), ...change };
      set((s) => ({
        projections: {
          ...s.projections,
          [panelId]: { ...emptyState(settings), ...current, settings },
        },
      }));
      void project(panelId);
    },
    ensureProjection: (panelId) => {
      const s = get();
      if (!s.loaded) return;
      const current = s.projections[panelId];
      if (!current) {
        set({
          projections: { ...s.projections, [panelId]: emptyState(DEFAULT_PROJECTION) },
        });
        void project(panelId);
        return;
      }
      const key = keyOf(requestOf(current.settings));
      if (current.key === key && (current.running || current.result || current.error)) return;
      void project(panelId);
    },
    disposeProjection: (panelId) => {
      cancels.get(panelId)?.();
      cancels.delete(panelId);
      set((s) => {
        const rest = { ...s.projections };
        delete rest[panelId];
        return { projections: rest };
      });
    },
  };
};

function emptyState(settings: ProjectionSettings): ProjectionPanelState {
  return { settings, key: '', result: null, live: null, error: null, running: false };
}
