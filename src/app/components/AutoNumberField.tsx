import { useState } from 'react';
import { AUTO } from '../../core/base/parameters.ts';
import { NumberField } from './NumberField.tsx';

/**
 * A number the method may pick itself (a parameter with `auto`): an "auto" checkbox, followed
 * by the number the last run picked ("auto (500)") while it is checked, or by a number field
 * once unchecked. Unchecking starts the field at the picked number, so the user edits from what
 * ran; before any run it starts empty and nothing changes until a number is typed.
 */
export function AutoNumberField({
  label,
  ariaLabel,
  title,
  autoTitle,
  value,
  picked,
  step,
  min,
  max,
  check,
  onCommit,
}: {
  label: string;
  ariaLabel: string;
  title: string;
  /** How the method picks the number (“umap-learn’s default: …”). */
  autoTitle: string;
  value: number | typeof AUTO;
  /** The number the last run of this call picked, when known. */
  picked: number | undefined;
  step: number | 'any';
  min?: number;
  max?: number;
  check(x: number): number | typeof AUTO | null;
  onCommit(value: number | typeof AUTO): void;
}) {
  // Unchecked with no number yet: the field waits for one (the call still says 'auto').
  const [typing, setTyping] = useState(false);
  const auto = value === AUTO && !typing;
  return (
    <span className="auto-number" data-testid={`auto-number ${ariaLabel}`}>
      <span title={title}>{label}</span>
      <label title={`auto: ${autoTitle}`}>
        <input
          type="checkbox"
          aria-label={`${ariaLabel} auto`}
          checked={auto}
          onChange={(e) => {
            if (e.target.checked) {
              setTyping(false);
              if (value !== AUTO) onCommit(AUTO);
            } else if (picked !== undefined) onCommit(picked);
            else setTyping(true);
          }}
        />
        auto
        {auto && picked !== undefined && (
          <span data-testid="auto-picked" title={`the number the last run picked: ${autoTitle}`}>
            {' '}
            ({picked})
          </span>
        )}
      </label>
      {!auto && (
        <NumberField
          label=""
          ariaLabel={ariaLabel}
          title={title}
          value={value === AUTO ? null : value}
          step={step}
          min={min}
          max={max}
          check={(x) => {
            const ok = check(x);
            // The legacy number standing for 'auto' (0) reads as ticking the box.
            if (ok === AUTO) {
              setTyping(false);
              if (value !== AUTO) onCommit(AUTO);
              return null;
            }
            return ok;
          }}
          onCommit={(x) => {
            setTyping(false);
            onCommit(x);
          }}
        />
      )}
    </span>
  );
}
