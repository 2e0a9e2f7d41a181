/** The bundled sample data sets (public/datasets/index.json). */
export interface Sample {
  file: string;
  /** 'papers': the papers' data and toy tables; 'real': further public tables of real shapes. */
  set?: 'papers' | 'real';
  title: string;
  rows: number;
  classColumn: string | null;
  drop: string[];
  source: string;
  note: string;
  /** The sample's licence, e.g. "CC BY 4.0 (UCI); distributed in Weka 3.6.14, GPL-2". */
  license?: string;
}

export interface SampleManifest {
  license: string;
  datasets: Sample[];
}

const base = import.meta.env.BASE_URL;

export async function fetchManifest(): Promise<SampleManifest> {
  // The standalone copy (export-app, opened from file://) carries its own data and no samples.
  if (import.meta.env.MODE === 'standalone') return { license: '', datasets: [] };
  const response = await fetch(`${base}datasets/index.json`);
  if (!response.ok) throw new Error(`Could not read the sample list (${response.status}).`);
  return (await response.json()) as SampleManifest;
}

/** The bundled sample of this file name, or undefined when there is none. */
export async function sampleNamed(file: string): Promise<Sample | undefined> {
  return (await fetchManifest()).datasets.find((d) => d.file === file);
}

export async function fetchSample(sample: Sample): Promise<File> {
  const response = await fetch(`${base}datasets/${sample.file}`);
  if (!response.ok) throw new Error(`Could not read ${sample.file} (${response.status}).`);
  return new File([await response.blob()], sample.file, { type: 'text/csv' });
}
