import { DataError } from '../core/base/errors.ts';
import type { CountsInput } from '../core/data/counts/countsTable.ts';
import {
  countsInputOfJsonText,
  MAX_COUNTS_JSON_BYTES,
  startsLikeJsonObject,
} from '../core/data/counts/countsFormats.ts';

/**
 * A dropped file that is a counts file as JSON (what `npm run cli -- counts FILE --out
 * counts.json` writes), known by its content: it starts as a JSON object. Null when it does not
 * (it is read as CSV), or when it is not JSON and its name does not say JSON either.
 */
export async function countsOfJsonFile(file: Blob): Promise<CountsInput | null> {
  const head = await file.slice(0, 256).text();
  if (!startsLikeJsonObject(head)) return null;
  const name = 'name' in file && typeof file.name === 'string' ? file.name : '';
  const named = /\.json$/i.test(name);
  if (file.size > MAX_COUNTS_JSON_BYTES) {
    if (!named) return null;
    throw new DataError(
      'too-large',
      `This JSON file is ${mb(file.size)}; a counts file is read as JSON up to ${mb(MAX_COUNTS_JSON_BYTES)}: write larger counts as Parquet (--out counts.parquet).`,
    );
  }
  return countsInputOfJsonText(await file.text(), named);
}

function mb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;
}
