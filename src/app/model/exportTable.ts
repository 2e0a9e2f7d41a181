/** One table of an export: its name, its column titles and every row (the full data). */
export interface ExportTable {
  name: string;
  columns: string[];
  rows: (string | number | null)[][];
}
