/**
 * apache-arrow 13 (the version DuckDB-Wasm 1.28 is built against) ships types its package
 * "exports" do not expose to bundler resolution: the little this app uses, declared here.
 */
declare module 'apache-arrow' {
  export interface Vector {
    get(index: number): unknown;
  }
  export class Table<T = unknown> {
    readonly numRows: number;
    readonly schema: T extends never ? never : { fields: { name: string }[] };
    getChildAt(index: number): Vector | null;
    toArray(): unknown[];
  }
  export type DataType = unknown;
  export type TypeMap = Record<string, unknown>;
  export type Field = { name: string };
  export type Schema = { fields: Field[] };
  export type RecordBatch = unknown;
  export type RecordBatchStreamReader = unknown;
  export function tableFromIPC(input: Uint8Array): Table;
  export function tableFromArrays(columns: Record<string, readonly (string | null)[]>): Table;
  export function tableToIPC(table: Table, format?: 'file' | 'stream'): Uint8Array;
}
