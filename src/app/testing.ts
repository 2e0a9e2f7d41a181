/**
 * Test fixtures the app loads only when asked by its address (`?testing=failing-method`), for
 * end-to-end tests: a method that always fails, registered in the page and, through the
 * worker's name, in every worker (src/worker/explorer.worker.ts).
 */
export const TESTING_WORKER_NAME = 'explorer (testing: failing-method)';

export function testingFailingMethod(): boolean {
  return new URLSearchParams(window.location.search).get('testing') === 'failing-method';
}

export async function registerTestingMethods(): Promise<void> {
  if (!testingFailingMethod()) return;
  const [{ registerMethod }, { failingMethod }] = await Promise.all([
    import('../core/platform/registry.ts'),
    import('../core/testing/failingMethod.ts'),
  ]);
  registerMethod(failingMethod);
}
