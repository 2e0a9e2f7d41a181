/**
 * docs/performance.md and docs/projections.md are guides (issue 49): the decisions and today's
 * figures, each figure with the command that prints it; the session-by-session runs are logs in
 * results/bench/, which each page links.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe.each(['performance', 'projections'])('docs/%s.md', (name) => {
  const page = read(`docs/${name}.md`);
  const bullets = page.split(/\n(?=- )/).filter((b) => b.startsWith("- **Today's figure"));

  it('gives today’s figures, each bullet with the bench command that prints it', () => {
    expect(bullets.length).toBeGreaterThan(2);
    for (const bullet of bullets)
      expect(bullet.replace(/\s+/g, ' '), bullet.slice(0, 80)).toMatch(/`npm run bench[\w:-]*/);
  });

  it('links its bench log in results/bench/, marked historical', () => {
    expect(page).toContain(`../results/bench/${name}-log.md`);
    const log = `results/bench/${name}-log.md`;
    expect(existsSync(join(root, log))).toBe(true);
    expect(read(log).split('\n')[0]).toMatch(/\(historical\)$/);
  });
});
