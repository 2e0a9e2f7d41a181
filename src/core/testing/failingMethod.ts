import { defineMethod } from '../platform/spec.ts';
import { internal } from '../base/errors.ts';

/**
 * A method that always fails, for the end-to-end test of Run all's isolation (issue 26): with it
 * on the board, its row must show the reason and every other row its numbers. It is not in the
 * registry's folders, so the product never lists it; the app registers it only when opened with
 * `?testing=failing-method` (src/app/testing.ts), in the page and in every worker.
 */
export const FAILING_METHOD_MESSAGE =
  'this test method always fails (registered only under ?testing=failing-method)';

export const failingMethod = defineMethod({
  id: 'always-fails',
  title: 'Test: always fails',
  role: 'method',
  order: 99,
  paper: 'none (a test fixture)',
  where: 'issue 26',
  description: 'Fails on purpose, to show how one failure is reported',
  parameters: [],
  produces: ['object-embedding'],
  reads: 'counts',
  // eslint-disable-next-line require-yield
  *run() {
    throw internal(FAILING_METHOD_MESSAGE);
  },
});
