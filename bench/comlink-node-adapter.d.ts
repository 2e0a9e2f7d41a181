/**
 * comlink ships the Node adapter's types as node-adapter.d.ts beside node-adapter.mjs; this names
 * them for the .mjs path the benchmarks import (bench/parallel.bench.ts, bench/poolWorker.ts).
 */
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
