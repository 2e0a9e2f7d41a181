import { describeCall } from '../../../core/platform/calls.ts';
import type { Call } from '../../../core/platform/spec.ts';
import { useStore } from '../../store/index.ts';
import type { PanelCaption } from './panelPicture.ts';

/** An export's caption: the panel's title; the data it was computed on and the exact call. */
export function exportCaption(title: string, call: Call | null): PanelCaption {
  const { source, loaded } = useStore.getState();
  const data = source
    ? `${source.name}${loaded ? `, ${loaded.meta.nRows} rows × ${loaded.meta.attributes.length} attributes` : ''}`
    : 'no data';
  // The call in words (“CDE (k 5) of …”), as the panel names it; the JSON export keeps the call.
  const exact = call ? ` · ${describeCall(call)}` : '';
  return {
    title,
    detail: `${data}${exact}`,
    call: call ? { method: call.method, options: { ...(call.options ?? {}) } } : null,
  };
}
