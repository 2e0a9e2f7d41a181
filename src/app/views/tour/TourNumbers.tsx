import { agrees, type PaperNumber, type TourStep } from '../../model/tours.ts';
import { useStore } from '../../store/index.ts';
import { readOurs } from './readNumber.ts';
import { useIndicators } from './useIndicators.ts';

/**
 * The paper's printed numbers of a step, each beside ours read from the live results: a tick
 * when they agree within half a unit of the last printed digit, a cross when not.
 */
export function TourNumbers({ step }: { step: TourStep }) {
  const meta = useStore((s) => s.loaded?.meta ?? null);
  const counts = useStore((s) => s.counts);
  const results = useStore((s) => s.results);
  const indicators = useIndicators(step.numbers.some((n) => n.read.from === 'indicator'));
  if (step.numbers.length === 0) return null;
  const live = { meta, counts, results, indicators };
  return (
    <ul className="tour-numbers" aria-label="The paper’s numbers beside ours">
      {step.numbers.map((n) => (
        <NumberRow key={n.label} n={n} ours={readOurs(n.read, step, live)} />
      ))}
    </ul>
  );
}

function NumberRow({ n, ours }: { n: PaperNumber; ours: number | null }) {
  const state = agreement(ours, n);
  return (
    <li
      data-testid="tour-number"
      data-agree={state}
      data-paper={n.paper}
      data-digits={n.digits}
      data-ours={ours ?? undefined}
    >
      <span className="tour-number-label">{n.label}</span>{' '}
      <span className="tour-pair">
        paper {n.printed} · ours {ours === null ? '…' : ours.toFixed(n.digits)}
      </span>{' '}
      <span
        className={`tour-agree tour-agree-${state}`}
        aria-label={
          state === 'yes' ? 'agrees' : state === 'no' ? 'differs from the paper' : 'computing'
        }
      >
        {state === 'yes' ? '✓' : state === 'no' ? '✗ differs' : ''}
      </span>{' '}
      <cite className="muted">{n.cite}</cite>
    </li>
  );
}

/** Ours beside the paper's number: pending while computing, yes within half a printed unit, else no. */
export function agreement(
  ours: number | null,
  n: Pick<PaperNumber, 'paper' | 'digits'>,
): 'pending' | 'yes' | 'no' {
  return ours === null ? 'pending' : agrees(ours, n.paper, n.digits) ? 'yes' : 'no';
}
