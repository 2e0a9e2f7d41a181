/** Columnar files the explorer reads through DuckDB-Wasm (src/worker/columnar.ts). */
export type ColumnarFormat = 'parquet' | 'arrow';

/**
 * Parquet (“PAR1”) or Arrow IPC (file “ARROW1”, or a stream's 0xFFFFFFFF continuation marker) by
 * their first bytes, else by the name's extension; null for anything else (read as CSV).
 */
export async function columnarFormat(file: Blob): Promise<ColumnarFormat | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const text = String.fromCharCode(...head);
  if (text.startsWith('PAR1')) return 'parquet';
  if (text.startsWith('ARROW1')) return 'arrow';
  if (
    head.length >= 4 &&
    head[0] === 0xff &&
    head[1] === 0xff &&
    head[2] === 0xff &&
    head[3] === 0xff
  )
    return 'arrow';
  const name = 'name' in file && typeof file.name === 'string' ? file.name.toLowerCase() : '';
  if (name.endsWith('.parquet')) return 'parquet';
  if (/\.(arrow|arrows|feather|ipc)$/.test(name)) return 'arrow';
  return null;
}
