import { useEffect, useState } from 'react';

/**
 * A number input that reports a valid value on Enter or blur, not on every keystroke; a null
 * value shows an empty field waiting for a number.
 */
export function NumberField({
  label,
  ariaLabel,
  value,
  check,
  title,
  width,
  step = 'any',
  min,
  max,
  onCommit,
}: {
  label: string;
  ariaLabel: string;
  value: number | null;
  /** Returns the value if valid, throws (or returns null) otherwise. */
  check(x: number): number | null;
  title?: string;
  /** Pixels; by default wide enough for its text (at least the former 64 px). */
  width?: number;
  step?: number | 'any';
  /** The input's own bounds (its spin buttons stop there); `check` still decides. */
  min?: number;
  max?: number;
  onCommit(value: number): void;
}) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(shown), [shown]);
  const commit = () => {
    if (text.trim() === '') {
      setText(shown);
      setError(null);
      return;
    }
    let ok: number | null;
    try {
      ok = check(Number(text));
    } catch (e) {
      // Kept as typed, with the reason shown, so the user sees what the parameter accepts.
      setError(e instanceof Error ? e.message : String(e));
      return;
    }
    setError(null);
    if (ok === null) setText(shown);
    else if (ok !== value) onCommit(ok);
  };
  return (
    <label title={error ?? title}>
      {label}
      <input
        type="number"
        value={text}
        step={step}
        min={min}
        max={max}
        aria-label={ariaLabel}
        aria-invalid={error !== null}
        // Wide enough for what it holds (50000, 1e-10) beside the spin buttons, unless given.
        style={{ width: width ?? `max(64px, calc(${text.length}ch + 2.6em))` }}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
