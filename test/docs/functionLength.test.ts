/**
 * Issue 27: no function over about 120 lines without a reason given in its comment. A function
 * (or method) longer than that must say why in its leading comment, on a line starting `Long:`.
 * Classes are not functions: their methods are measured one by one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const LIMIT = 120;

function longFunctions(): { where: string; lines: number; comment: string }[] {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => `src/${f}`);
  const found: { where: string; lines: number; comment: string }[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node)
      ) {
        const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
        const lines = line(node.getEnd()) - line(node.getStart());
        if (lines > LIMIT) {
          // The comment before the declaration that holds the function (const x = …, memo(…)).
          let holder: ts.Node = node;
          while (
            holder.parent &&
            !ts.isSourceFile(holder.parent) &&
            !ts.isClassDeclaration(holder.parent) &&
            !ts.isBlock(holder.parent)
          )
            holder = holder.parent;
          const comment = text.slice(holder.getFullStart(), holder.getStart());
          found.push({ where: `${file}:${line(node.getStart()) + 1}`, lines, comment });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('function length', () => {
  it(`says why wherever a function is longer than ${LIMIT} lines`, () => {
    const long = longFunctions();
    const unexplained = long
      .filter((f) => !/^\s*(\*|\/\/)\s*Long: \S/m.test(f.comment))
      .map((f) => `${f.where} (${f.lines} lines)`);
    expect(unexplained).toEqual([]);
    // The rule is not a licence: the explained ones stay few.
    expect(long.length).toBeLessThanOrEqual(20);
  });
});
