import { NEEDS_ROWS, SAMPLE_HINT } from '../model/rowless.ts';
import { useStore } from '../store/index.ts';
import { FileInput } from './FileInput.tsx';

/**
 * The one line shown instead of a view that needs the rows, on a counts file (model/rowless.ts),
 * with a button that opens the file picker for a sample of the rows (a CSV, or any data file);
 * the chosen file replaces the counts file as the current table, as a dropped file does.
 */
export function NeedsRows({ message = NEEDS_ROWS }: { message?: string }) {
  const loadSource = useStore((s) => s.loadSource);
  return (
    <p className="notice-inline needs-rows" data-testid="needs-rows">
      <span data-testid="needs-rows-message">{message}</span>{' '}
      <label className="button-like" title={SAMPLE_HINT}>
        Open a sample…
        <FileInput
          label={SAMPLE_HINT}
          accept=".csv,.tsv,.txt,.parquet,.arrow,.feather,text/csv,text/tab-separated-values"
          testId="needs-rows-input"
          onFile={(file) => void loadSource({ name: file.name, file })}
        />
      </label>
    </p>
  );
}
