/**
 * Writes a Parquet copy of a bundled CSV with DuckDB (every column as text, so its labels are the
 * CSV's): `npx tsx scripts/makeParquet.ts public/datasets/zoo.csv public/datasets/zoo.parquet`.
 * The e2e test (e2e/parquet.spec.ts) loads both and compares their summaries.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteString } from '../src/core/data/counts/sql.ts';

const [csv, parquet] = process.argv.slice(2);
if (!csv || !parquet) {
  process.stderr.write('usage: tsx scripts/makeParquet.ts IN.csv OUT.parquet\n');
  process.exit(2);
}
const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
const connection = await instance.connect();
await connection.run(
  `COPY (SELECT * FROM read_csv(${quoteString(csv)}, header = true, all_varchar = true))
   TO ${quoteString(parquet)} (FORMAT parquet, COMPRESSION zstd)`,
);
const rows = await connection.runAndReadAll(
  `SELECT COUNT(*) FROM read_parquet(${quoteString(parquet)})`,
);
process.stdout.write(`${parquet}: ${String(rows.getRows()[0]?.[0])} rows\n`);
connection.closeSync();
instance.closeSync();
