import { describe, expect, it } from 'vitest';
import { parseCsvText } from '../src/core/csv/parse.ts';

describe('smoke', () => {
  it('parses a tiny table', async () => {
    const raw = await parseCsvText('a,b\nx,y\n');
    expect(raw.nRows).toBe(1);
  });
});
