/**
 * The state fuzz, on the schema: the hostile workspaces the e2e state fuzz opens in the page
 * (test/fuzz/hostileWorkspaces.ts) are each refused, as a link and as a file, with one line; and
 * on a thousand more seeded mutations the schema never throws, and whatever it accepts is a
 * workspace whose every panel its view can draw.
 */
import { describe, expect, it } from 'vitest';
import { panelCallProblem } from '../../../src/app/model/viewCalls.ts';
import { workspaceInHash } from '../../../src/app/workspace/persist.ts';
import { parseWorkspace, parseWorkspaceText } from '../../../src/app/workspace/schema.ts';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import { baseWorkspace, hostileWorkspaces } from '../../fuzz/hostileWorkspaces.ts';

/** The count the e2e state fuzz opens. */
const E2E_CASES = 20;

describe('the state fuzz’s hostile workspaces', () => {
  it('the base they are made from is accepted', () => {
    expect(parseWorkspace(baseWorkspace()).ok).toBe(true);
  });

  it.each(hostileWorkspaces(E2E_CASES).map((c) => [c.name, c] as const))(
    '%s is refused as a link and as a file, in one line',
    (_, c) => {
      for (const parsed of [workspaceInHash(`#w=${c.link}`), parseWorkspaceText(c.file)]) {
        expect(parsed?.ok).toBe(false);
        if (parsed && !parsed.ok) {
          expect(parsed.message).not.toContain('\n');
          expect(parsed.message.length).toBeLessThan(400);
        }
      }
    },
  );

  it('never throws on 1,000 seeded mutations; what it accepts, every view can draw', () => {
    const cases = hostileWorkspaces(1_000, 2026);
    let accepted = 0;
    for (const c of cases) {
      const parsed = parseWorkspaceText(c.file);
      if (!parsed.ok) continue;
      accepted++;
      for (const p of parsed.value.panels) {
        expect(panelCallProblem(p.view, p.call)).toBeNull();
        if (p.call) expect(() => resolveCall(p.call as never)).not.toThrow();
      }
    }
    // Every mutation is a type confusion at a typed field: none is accepted.
    expect(accepted).toBe(0);
  });
});
