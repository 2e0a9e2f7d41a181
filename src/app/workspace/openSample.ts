import { fetchSample, type Sample } from '../model/samples.ts';
import type { Source } from '../store/dataSlice.ts';
import { useStore } from '../store/index.ts';

/** A bundled sample as a data source (fetched from the app's own origin). */
export async function sampleSource(sample: Sample): Promise<Source> {
  return { name: sample.file, file: await fetchSample(sample), sample: sample.file };
}

/** Reads a bundled sample with its own class column and left-out columns (index.json). */
export async function openSample(sample: Sample): Promise<void> {
  await useStore.getState().loadSource(await sampleSource(sample), {
    classColumn: sample.classColumn,
    drop: sample.drop,
  });
}
