/** Sessions on the bundled datasets, and results looked up by kind and name, for platform tests. */
import {
  ExplorerSession,
  findResult,
  type MethodOutput,
  type PrepareOptions,
  type ResultKind,
  type ResultOfKind,
} from '../src/core/index.ts';
import { readDataset } from './helpers.ts';

/** A fresh session with a bundled dataset loaded and modelled. */
export async function datasetSession(
  file: string,
  options: PrepareOptions = {},
): Promise<ExplorerSession> {
  const session = new ExplorerSession();
  await session.load([readDataset(file)], {}, options);
  return session;
}

/** Zoo with `type` as the class column (and the given further options). */
export function zooSession(options: PrepareOptions = {}): Promise<ExplorerSession> {
  return datasetSession('zoo.csv', { classColumn: 'type', ...options });
}

/** The output's result of this kind (and name); fails the test when there is none. */
export function resultOf<K extends ResultKind>(
  output: Pick<MethodOutput, 'results'>,
  kind: K,
  name?: string,
): ResultOfKind<K> {
  const found = findResult(output.results, kind, name);
  if (!found)
    throw new Error(
      `no ${kind}${name === undefined ? '' : ` named “${name}”`} among ${Object.entries(
        output.results,
      )
        .map(([n, r]) => `${n} (${r.kind})`)
        .join(', ')}`,
    );
  return found.result;
}

/** The value of a named measure; fails the test when absent. */
export function measure(
  output: Pick<MethodOutput, 'results'>,
  name: string,
  measures?: string,
): number | null {
  const found = resultOf(output, 'measures', measures).values.find((m) => m.name === name);
  if (!found) throw new Error(`no measure “${name}”`);
  return found.value;
}
