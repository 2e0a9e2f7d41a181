import { useStore } from '../store/index.ts';
import { valueSelection } from '../store/linkSlice.ts';

/**
 * With values selected (a heatmap cell, a value cluster…), how many of them an object must hold
 * to be selected: a slider from 1 (any) to every attribute the values span, and the count.
 */
export function ValueThreshold() {
  const values = useStore((s) => s.selectedValues);
  const valueAttribute = useStore((s) => s.loaded?.meta.valueAttribute);
  const chosen = useStore((s) => s.valueThreshold);
  const setThreshold = useStore((s) => s.setValueThreshold);
  const rows = useStore((s) => s.rowsWithSelectedValues);
  if (values.length === 0) return null;
  const { attributes, threshold } = valueSelection(values, valueAttribute, chosen);
  return (
    <label className="value-threshold" data-testid="value-threshold">
      objects holding ≥
      <input
        type="range"
        min={1}
        max={Math.max(1, attributes)}
        step={1}
        value={threshold}
        disabled={attributes <= 1}
        aria-label="Selected values an object must hold"
        onChange={(e) => setThreshold(Number(e.target.value))}
      />
      <span data-testid="value-threshold-text">
        {threshold} of {values.length} value{values.length === 1 ? '' : 's'} ({attributes} attribute
        {attributes === 1 ? '' : 's'}): {rows ? rows.length.toLocaleString('en-US') : '…'} objects
      </span>
    </label>
  );
}
