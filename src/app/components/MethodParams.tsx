import type { CouplingOrientation } from '../../core/methods/cure/couplings.ts';

export interface MethodParamValues {
  alpha: number;
  seed: number;
  orientation: CouplingOrientation;
}

/**
 * The CURE methods' shared parameters: α (stop rule), seed and the Mo orientation. Every change is
 * reported at once (the method re-runs); `method` names the controls (“CDE alpha”, …).
 */
export function MethodParams({
  method,
  values,
  defaultOrientation,
  onChange,
}: {
  method: 'CDE' | 'COSH';
  values: MethodParamValues;
  defaultOrientation: CouplingOrientation;
  onChange(change: Partial<MethodParamValues>): void;
}) {
  const mark = (o: CouplingOrientation) => (o === defaultOrientation ? ', default' : '');
  return (
    <>
      <label>
        α
        <input
          type="number"
          min={1}
          step={1}
          value={values.alpha}
          aria-label={`${method} alpha`}
          style={{ width: 56 }}
          onChange={(e) => {
            const alpha = Number(e.target.value);
            if (alpha > 0) onChange({ alpha });
          }}
        />
      </label>
      <label>
        seed
        <input
          type="number"
          step={1}
          value={values.seed}
          aria-label={`${method} seed`}
          style={{ width: 56 }}
          onChange={(e) => onChange({ seed: Math.trunc(Number(e.target.value)) || 0 })}
        />
      </label>
      <label>
        Mo
        <select
          aria-label={`${method} orientation`}
          value={values.orientation}
          onChange={(e) => onChange({ orientation: e.target.value as CouplingOrientation })}
        >
          <option value="paper">as printed (Def. 5{mark('paper')})</option>
          <option value="code">as in the authors' code{mark('code')}</option>
        </select>
      </label>
    </>
  );
}
