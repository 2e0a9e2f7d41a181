import {
  AUTO,
  checkParameter,
  describeDomain,
  describeMaximum,
  optionValue,
  type OptionValue,
  type ParameterSpec,
  type StringParameter,
} from '../../core/base/parameters.ts';
import type { MethodSpec } from '../../core/platform/spec.ts';
import { useStore } from '../store/index.ts';
import { AutoNumberField } from './AutoNumberField.tsx';
import { NumberField } from './NumberField.tsx';
import { parameterLabel, shownParameters } from '../model/settingsSummary.ts';

/**
 * A method's controls, derived from its parameter table: a number field per number (checked
 * against its bounds on Enter or blur), a select per choice, a checkbox per switch, a class
 * select for a class label. Advanced parameters are left out. Each control is labelled
 * “<method title> <parameter>” for assistive technology and tests.
 */
export function ParamControls({
  spec,
  options,
  onChange,
  only,
  except = [],
  labelPrefix = '',
  automatic,
}: {
  spec: MethodSpec;
  /** The options given in the call (the table's defaults fill the rest). */
  options: Readonly<Record<string, unknown>> | undefined;
  onChange(change: Record<string, OptionValue>): void;
  /** Show only these parameters. */
  only?: readonly string[];
  except?: readonly string[];
  /** Put before each visible label (a panel with two methods' controls: "CDE seed"). */
  labelPrefix?: string;
  /** The numbers the options left 'auto' ran with (the output's `automatic`), when known. */
  automatic?: Readonly<Record<string, number>>;
}) {
  const shown = shownParameters(spec, except).filter((p) => !only || only.includes(p.name));
  return (
    <>
      {shown.map((p) => (
        <ParamControl
          key={p.name}
          owner={spec.title}
          labelPrefix={labelPrefix}
          parameter={p}
          value={optionValue(p, options?.[p.name] ?? p.default) as OptionValue}
          picked={automatic?.[p.name]}
          onChange={(value) =>
            onChange({
              [p.name]: value,
              // Values chosen for the previous attribute are not values of the new one.
              ...Object.fromEntries(
                spec.parameters
                  .filter((q) => q.type === 'string' && q.valuesOf === p.name)
                  .map((q) => [q.name, null]),
              ),
            })
          }
          options={options}
        />
      ))}
    </>
  );
}

/** One input per parameter type: number, choice, boolean, subset, string with suggestions, string. */
function ParamControl({
  owner,
  labelPrefix,
  parameter: p,
  value,
  picked,
  onChange,
  options,
}: {
  owner: string;
  labelPrefix: string;
  parameter: ParameterSpec;
  value: OptionValue;
  /** For a parameter with `auto`: the number its last run picked. */
  picked: number | undefined;
  onChange(value: OptionValue): void;
  /** The call's other options (a value list depends on the chosen attribute). */
  options: Readonly<Record<string, unknown>> | undefined;
}) {
  const label = `${labelPrefix}${parameterLabel(p)}`;
  const ariaLabel = `${owner} ${p.name}`;
  const title = `${p.description} (${describeDomain(p)})`;
  switch (p.type) {
    case 'number':
    case 'integer':
      if (p.auto)
        return (
          <AutoNumberField
            label={label}
            ariaLabel={ariaLabel}
            title={`${p.description} (${describeDomain(p)}; ${describeMaximum(p)})`}
            autoTitle={p.auto.description}
            value={value === AUTO ? AUTO : (value as number)}
            picked={picked}
            step={p.type === 'integer' ? 1 : 'any'}
            min={p.minExclusive ? undefined : p.min}
            max={p.maxExclusive ? undefined : p.max}
            check={(x) => checkParameter(p, x) as number | typeof AUTO}
            onCommit={onChange}
          />
        );
      return (
        <NumberField
          label={label}
          ariaLabel={ariaLabel}
          title={`${p.description} (${describeDomain(p)}; ${describeMaximum(p)})`}
          value={value as number}
          step={p.type === 'integer' ? 1 : 'any'}
          min={p.minExclusive ? undefined : p.min}
          max={p.maxExclusive ? undefined : p.max}
          check={(x) => checkParameter(p, x) as number}
          onCommit={onChange}
        />
      );
    case 'choice':
      return (
        <label title={title}>
          {label}
          <select
            aria-label={ariaLabel}
            value={value as string}
            onChange={(e) => onChange(e.target.value)}
          >
            {p.choices.map((c) => (
              <option key={c} value={c}>
                {p.choiceTitles?.[c] ?? c}
                {c === p.default ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </label>
      );
    case 'boolean':
      return (
        <label title={title}>
          <input
            type="checkbox"
            aria-label={ariaLabel}
            checked={value as boolean}
            onChange={(e) => onChange(e.target.checked)}
          />
          {label}
        </label>
      );
    case 'string':
      if (p.subsetOf)
        return (
          <SubsetField
            label={label}
            ariaLabel={ariaLabel}
            title={title}
            parameter={p}
            value={value as string | null}
            onChange={onChange}
          />
        );
      if (p.suggest)
        return (
          <SuggestField
            label={label}
            ariaLabel={ariaLabel}
            title={title}
            parameter={p}
            value={value as string | null}
            onChange={onChange}
            options={options}
          />
        );
      return (
        <label title={title}>
          {label}
          <input
            aria-label={ariaLabel}
            value={(value as string | null) ?? ''}
            onChange={(e) => onChange(e.target.value || null)}
          />
        </label>
      );
  }
}

/** A string parameter naming a subset of fixed items, comma-separated: one checkbox per item. */
function SubsetField({
  label,
  ariaLabel,
  title,
  parameter: p,
  value,
  onChange,
}: {
  label: string;
  ariaLabel: string;
  title: string;
  parameter: StringParameter;
  value: string | null;
  onChange(value: OptionValue): void;
}) {
  const chosen = new Set(
    (value ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );
  return (
    <fieldset className="subset" title={title}>
      <legend>{label}</legend>
      {(p.subsetOf ?? []).map((item) => (
        <label key={item}>
          <input
            type="checkbox"
            aria-label={`${ariaLabel} ${item}`}
            checked={chosen.has(item)}
            onChange={(e) =>
              onChange(
                (p.subsetOf ?? [])
                  .filter((x) => (x === item ? e.target.checked : chosen.has(x)))
                  .join(',') || null,
              )
            }
          />
          {p.subsetTitles?.[item] ?? item}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A string parameter chosen among what the app offers: the class column's labels, the
 * attributes, or the values of the attribute another option names (its first when none is chosen).
 */
function SuggestField({
  label,
  ariaLabel,
  title,
  parameter: p,
  value,
  onChange,
  options,
}: {
  label: string;
  ariaLabel: string;
  title: string;
  parameter: StringParameter;
  value: string | null;
  onChange(value: OptionValue): void;
  /** The call's other options (a value list depends on the chosen attribute). */
  options: Readonly<Record<string, unknown>> | undefined;
}) {
  const classColumn = useStore((s) => s.loaded?.meta.classColumn ?? null);
  const attributes = useStore((s) => s.loaded?.meta.attributes ?? null);
  // What the app offers: the class column's labels, the attributes, or the values of the
  // attribute another option names (its first when none is chosen).
  const named = p.valuesOf ? (options?.[p.valuesOf] as string | null | undefined) : null;
  const attribute = attributes?.find((a) => a.name === named) ?? attributes?.[0];
  const choices =
    p.suggest === 'class-label'
      ? (classColumn?.labels ?? [])
      : p.suggest === 'attribute'
        ? (attributes ?? []).map((a) => a.name)
        : (attribute?.labels ?? []);
  const empty =
    p.suggest === 'class-label' && !classColumn ? 'no class column' : (p.emptyLabel ?? 'choose…');
  return (
    <label title={title}>
      {label}
      <select
        aria-label={ariaLabel}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">{empty}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
}
