import { describe, expect, it } from 'vitest';
import { abbreviated, glossary } from '../../../src/app/model/glossary.ts';

describe('the glossary', () => {
  it('expands every acronym the issue names, from the registry or the terms list', () => {
    const terms = new Map(glossary().map((e) => [e.term, e.meaning]));
    for (const t of ['CDE', 'COSH', 'CBRW', 'SU', 'Mo', 'Mc', 'ZERO++', 'FCI', 'VCI'])
      expect(terms.get(t), t).toMatch(/\w{4,}/);
    expect(terms.get('CDE')).toBe('Coupled data embedding');
    expect(terms.get('CBRW')).toBe('Coupled biased random walks');
    expect(terms.get('UMAP')).toBe('uniform manifold approximation and projection');
    expect(terms.has('Hamming')).toBe(false);
  });

  it('finds whole terms in a text, longest first, not inside other words', () => {
    const entries = [
      { term: 'Mc', meaning: 'co-occurrence' },
      { term: 'ZERO++', meaning: 'zero' },
      { term: 'CDE', meaning: 'embedding' },
    ];
    const parts = abbreviated('Value matrices — CDE: Mc k=3, ZERO++; CDEs McX', entries);
    expect(parts.map((p) => (typeof p === 'string' ? p : `[${p.term}]`)).join('')).toBe(
      'Value matrices — [CDE]: [Mc] k=3, [ZERO++]; CDEs McX',
    );
  });
});
