/** Pairs of (value, text shown). */
export type Choices<T extends string> = readonly (readonly [T, string])[];

/** A labelled select over a fixed set of string choices, as used by view controls. */
export function ChoiceSelect<T extends string>(props: {
  label: string;
  ariaLabel: string;
  value: T;
  choices: Choices<T>;
  onChange(value: T): void;
}) {
  return (
    <label>
      {props.label}
      <select
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
        aria-label={props.ariaLabel}
      >
        {props.choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
