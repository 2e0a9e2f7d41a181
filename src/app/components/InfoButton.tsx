import { useId, useState, type ReactNode } from 'react';

/**
 * An ⓘ button that shows an explanation below it: the paper's jargon stays out of labels and is
 * one click away.
 */
export function InfoButton({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="info">
      <button
        type="button"
        className="info-button"
        aria-label={title}
        aria-expanded={open}
        aria-controls={id}
        title={title}
        onClick={() => setOpen((o) => !o)}
      >
        {/* A letter in a drawn ring: the ⓘ character is missing from common fonts (an empty box). */}
        <span className="info-glyph" aria-hidden="true">
          i
        </span>
      </button>
      {open && (
        <span id={id} className="info-text" role="note">
          {children}
        </span>
      )}
    </span>
  );
}
