import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatusText } from '../../../src/app/views/ResultsBoardView.tsx';

const html = (status: string, reason: string | null, seconds: number | null) =>
  renderToStaticMarkup(createElement(StatusText, { status: status as never, reason, seconds }));

describe('a board cell’s status', () => {
  it('done, running or queued: the status, its time in the title', () => {
    expect(html('done', null, 2.34)).toBe('<span title="done in 2.3 s">done</span>');
    expect(html('running', 'ignored while it runs', null)).toBe('<span>running</span>');
    expect(html('queued', null, null)).toBe('<span>queued</span>');
  });

  it('failed or not applicable: the reason’s first line shown, the whole in the title', () => {
    expect(html('failed', 'needs a class column\nsee the data summary', 75)).toBe(
      '<span class="reason" title="failed (1 min 15 s): needs a class column\nsee the data summary">failed: needs a class column</span>',
    );
    expect(html('not applicable', 'too many objects', null)).toBe(
      '<span class="reason" title="not applicable: too many objects">not applicable: too many objects</span>',
    );
  });

  it('a first line over 160 characters is cut with “…”', () => {
    const long = 'x'.repeat(200);
    expect(html('failed', long, null)).toContain(`failed: ${'x'.repeat(157)}…</span>`);
  });
});
