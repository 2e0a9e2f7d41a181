import type { Ref } from 'react';

/**
 * A file input hidden from sight but not from the keyboard or screen readers (Tab reaches it;
 * its label shows the focus): it hands the chosen file on and forgets it, so choosing the same
 * file again is seen too.
 */
export function FileInput({
  onFile,
  accept,
  label,
  testId,
  ref,
  opener = false,
}: {
  onFile(file: File): void;
  /**
   * Opened by a button of its own (a menu item), not by Tab: kept out of the tab order, where it
   * would be a stop that shows nothing.
   */
  opener?: boolean;
  accept?: string;
  /** The input's accessible name when no <label> wraps it. */
  label?: string;
  testId: string;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={ref}
      type="file"
      className="visually-hidden"
      accept={accept}
      aria-label={label}
      data-testid={testId}
      {...(opener && { tabIndex: -1 })}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
