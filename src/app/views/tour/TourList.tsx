import { TOURS } from '../../model/tours.ts';
import { useStore } from '../../store/index.ts';

/** The five guided tours, one per paper, offered beside the tasks. */
export function TourList() {
  const setTour = useStore((s) => s.setTour);
  return (
    <nav className="tasks tours" aria-label="Guided tours of the papers">
      <h2>Guided tours, one per paper</h2>
      <ul>
        {TOURS.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              data-testid={`tour-start-${t.id}`}
              onClick={() => setTour({ id: t.id, step: 0 })}
            >
              <span className="task-title">{t.title}</span>
              <span className="task-blurb">
                {t.paper} · {t.steps.length} steps
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
