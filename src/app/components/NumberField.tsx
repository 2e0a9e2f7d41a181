import { useEffect, useState } from 'react';

/** A number input that reports a valid value on Enter or blur, not on every keystroke. */
export function NumberField({
  label,
  ariaLabel,
  value,
  check,
  title,
  width = 64,
  step = 'any',
  onCommit,
}: {
  label: string;
  ariaLabel: string;
  value: number;
  /** Returns the value if valid, throws (or returns null) otherwise. */
  check(x: number): number | null;
  title?: string;
  width?: number;
  step?: number | 'any';
  onCommit(value: number): void;
}) {
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const x = Number(text);
    let ok: number | null = null;
    try {
      ok = text.trim() === '' ? null : check(x);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
    if (ok === null) {
      setText(String(value));
      return;
    }
    if (ok !== value) onCommit(ok);
  };
  return (
    <label title={error ?? title}>
      {label}
      <input
        type="number"
        value={text}
        step={step}
        aria-label={ariaLabel}
        aria-invalid={error !== null}
        style={{ width }}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </label>
  );
}
