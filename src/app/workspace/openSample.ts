import { fetchSample, type Sample } from '../model/samples.ts';
import { useStore } from '../store/index.ts';

/** Reads a bundled sample with its own class column and left-out columns (index.json). */
export async function openSample(sample: Sample): Promise<void> {
  const file = await fetchSample(sample);
  await useStore
    .getState()
    .loadSource(
      { name: sample.file, file, sample: sample.file },
      { classColumn: sample.classColumn, drop: sample.drop },
    );
}
