/** The worker API as the worker exposes it, for tests that call it directly. */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { createExplorerApi } from '../../src/worker/api.ts';

const zoo = readFileSync(new URL('../../public/datasets/zoo.csv', import.meta.url));

/** A fresh explorer API with the Zoo data set loaded, class column `type`. */
export async function zooApi() {
  const api = createExplorerApi();
  const loaded = await api.load(new Blob([zoo]), {}, { classColumn: 'type' }, 1);
  expect(loaded.ok).toBe(true);
  return api;
}
