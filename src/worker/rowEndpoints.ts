import { transfer } from 'comlink';
import type { ExplorerSession } from '../core/platform/session.ts';
import { guard, type Outcome, type WorkerState } from './workerJobs.ts';

/** The worker's endpoints about objects (rows): which hold a value, their codes, their counts. */
export function rowEndpoints(state: WorkerState) {
  const { session } = state;
  return {
    /** Rows holding any (or all) of the given values, for highlighting objects. */
    async rowsHolding(
      values: number[],
      mode: 'any' | 'all' | number,
    ): Promise<Outcome<Int32Array>> {
      return guard(state, -1, async () => {
        const rows = session.rowsHolding(values, mode);
        return transfer(rows, [rows.buffer]);
      });
    },

    /** One attribute's code for every row, for colouring objects by that attribute. */
    async attributeCodes(attribute: number): Promise<Outcome<Int32Array>> {
      return guard(state, -1, async () => {
        const codes = session.attributeCodes(attribute);
        return transfer(codes, [codes.buffer]);
      });
    },

    /** How many of the given rows hold each value (length L), for a selection's value shares. */
    async valueCountsOf(rows: Int32Array): Promise<Outcome<Int32Array>> {
      return guard(state, -1, async () => {
        const counts = session.valueCountsOf(rows);
        return transfer(counts, [counts.buffer]);
      });
    },

    /** The co-occurrence counts among the given rows (L × L, value counts on the diagonal). */
    async cooccurrenceOf(rows: Int32Array): Promise<Outcome<Int32Array>> {
      return guard(state, -1, async () => {
        const counts = session.cooccurrenceOf(rows);
        return transfer(counts, [counts.buffer]);
      });
    },

    /** Objects found by text (a line number, or any cell containing it), for the search box. */
    async searchRows(
      text: string,
      limit: number,
    ): Promise<Outcome<ReturnType<ExplorerSession['searchRows']>>> {
      return guard(state, -1, async () => session.searchRows(text, limit));
    },

    /** Feature codes of the given rows (|rows| × D), for tables of objects. */
    async objectRows(rows: Int32Array): Promise<Outcome<Int32Array>> {
      return guard(state, -1, async () => {
        const codes = session.objectRows(rows);
        return transfer(codes, [codes.buffer]);
      });
    },
  };
}
