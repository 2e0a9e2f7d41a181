import { describe, expect, it } from 'vitest';
import { DataError, parseRowFilter, selectRows } from '../../../../src/core/index.ts';
import { loadDataset } from '../../../helpers.ts';
import { OptionError } from '../../../../src/core/base/errors.ts';

describe('parseRowFilter', () => {
  it('splits at the first “=”', () => {
    expect(parseRowFilter('type=mammal')).toEqual({ column: 'type', value: 'mammal' });
    expect(parseRowFilter('a=b=c')).toEqual({ column: 'a', value: 'b=c' });
    expect(parseRowFilter('Sale dep.=')).toEqual({ column: 'Sale dep.', value: '' });
  });

  it.each(['type', '=mammal', ''])('refuses %j', (text) => {
    expect(() => parseRowFilter(text)).toThrow(
      new OptionError(`rows-where must look like COLUMN=VALUE, got “${text}”`),
    );
  });
});

describe('selectRows', () => {
  it('finds the rows of a feature value and of a class value', async () => {
    const { table } = await loadDataset('weather.nominal.csv', { classColumn: 'play' });
    // outlook = overcast on rows 3, 7, 12, 13 of the file (1-based) → 2, 6, 11, 12.
    expect(Array.from(selectRows(table, { column: 'outlook', value: 'overcast' }))).toEqual([
      2, 6, 11, 12,
    ]);
    // play = no on rows 1, 2, 6, 8, 14 → 0, 1, 5, 7, 13.
    expect(Array.from(selectRows(table, { column: 'play', value: 'no' }))).toEqual([
      0, 1, 5, 7, 13,
    ]);
  });

  it('refuses an unknown column or value with a DataError', async () => {
    const { table } = await loadDataset('weather.nominal.csv', { classColumn: 'play' });
    const fail = (column: string, value: string): DataError => {
      try {
        selectRows(table, { column, value });
      } catch (e) {
        return e as DataError;
      }
      throw new Error('no error');
    };
    const col = fail('Outlook', 'sunny');
    expect(col).toBeInstanceOf(DataError);
    expect(col.code).toBe('unknown-column');
    expect(col.message).toBe(
      'rows-where: “Outlook” is not a feature or the class (have: outlook, temperature, humidity, windy, play).',
    );
    const value = fail('outlook', 'foggy');
    expect(value.code).toBe('unknown-column');
    expect(value.message).toBe(
      'rows-where: “foggy” is not a value of “outlook” (values: sunny, overcast, rainy).',
    );
  });
});
