import { useEffect, useRef } from 'react';
import { tourById } from '../../model/tours.ts';
import { useStore } from '../../store/index.ts';
import { applyTourStep } from './applyStep.ts';
import { TourNumbers } from './TourNumbers.tsx';

/** Keys typed into a field, or used by a widget that moves with arrows, are not the tour's. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    ((target instanceof HTMLElement && target.isContentEditable) ||
      /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) ||
      target.closest('[role="listbox"], [role="menu"], [role="grid"], [role="slider"]') !== null)
  );
}

/**
 * The running guided tour: step i of N with its explanation (read out when it changes), the
 * paper's numbers beside ours, Previous / Next (also ← → or p / n when no field has the focus),
 * Escape to close, and a projector mode that enlarges all type while the tour runs.
 */
export function TourCard() {
  const running = useStore((s) => s.tour);
  const projector = useStore((s) => s.projector);
  const setTour = useStore((s) => s.setTour);
  const setProjector = useStore((s) => s.setProjector);
  const heading = useRef<HTMLHeadingElement>(null);
  const tour = running ? tourById(running.id) : undefined;
  const step = tour?.steps[running?.step ?? 0];
  const index = running?.step ?? 0;
  const count = tour?.steps.length ?? 0;

  useEffect(() => {
    if (step) void applyTourStep(step);
  }, [step]);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('projector', projector && tour !== undefined);
    return () => root.classList.remove('projector');
  }, [projector, tour]);

  // The focus goes to the card when a tour starts, and back where it was when it closes.
  const tourId = tour?.id;
  useEffect(() => {
    if (!tourId) return;
    const before = document.activeElement;
    heading.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [tourId]);

  useEffect(() => {
    if (!tourId) return;
    const onKey = (event: KeyboardEvent) => {
      const mine = !(event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented);
      if (!mine || typing(event.target)) return;
      const go = (to: number) => {
        event.preventDefault();
        if (to >= 0 && to < count) setTour({ id: tourId, step: to });
      };
      if (event.key === 'ArrowRight' || event.key === 'n') go(index + 1);
      else if (event.key === 'ArrowLeft' || event.key === 'p') go(index - 1);
      else if (event.key === 'Escape') {
        event.preventDefault();
        setTour(null);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [tourId, index, count, setTour]);

  if (!tour || !step) return null;
  const goTo = (to: number) => setTour({ id: tour.id, step: to });
  return (
    <section
      className="tour-card"
      data-testid="tour"
      data-tour={tour.id}
      data-step={index}
      aria-label={`Guided tour: ${tour.title}`}
    >
      <div className="tour-head">
        <span className="tour-paper">
          {tour.title} — {tour.paper}
        </span>
        <span className="tour-progress" data-testid="tour-progress">
          Step {index + 1} of {count}
        </span>
        <label className="tour-projector">
          <input
            type="checkbox"
            checked={projector}
            onChange={(e) => setProjector(e.target.checked)}
            data-testid="tour-projector"
          />{' '}
          Projector
        </label>
        <button
          type="button"
          className="tour-close"
          aria-label="Close the tour"
          onClick={() => setTour(null)}
        >
          ×
        </button>
      </div>
      <div aria-live="polite" className="tour-body">
        <h2 ref={heading} tabIndex={-1} data-testid="tour-title">
          {step.title}
        </h2>
        <p>{step.text}</p>
      </div>
      <TourNumbers step={step} />
      <div className="tour-nav">
        <button
          type="button"
          data-testid="tour-previous"
          disabled={index === 0}
          onClick={() => goTo(index - 1)}
        >
          ← Previous
        </button>
        <button
          type="button"
          data-testid="tour-next"
          disabled={index === count - 1}
          onClick={() => goTo(index + 1)}
        >
          Next →
        </button>
        <span className="muted tour-keys">← → step · Esc closes</span>
      </div>
    </section>
  );
}
