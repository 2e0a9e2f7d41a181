import {
  addPanel,
  chooseFile,
  expect,
  expectSummary,
  openApp,
  test,
  textFile,
  scrollIntoView,
} from './fixtures.ts';

/**
 * COSH's value-score bars at 1280 × 800 (issue 48): a long capitalised label is whole (not cut on
 * the left), and the longest bars keep their numbers inside the panel.
 */
function surveyCsv(): string {
  const jobs = ['Student', 'Professional/Managerial', 'Homemaker', 'Retired', 'Unemployed'];
  const lines = ['OCCUPATION,HOUSEHOLD STATUS,LANGUAGE,class'];
  for (let i = 0; i < 400; i++)
    lines.push(
      [
        jobs[i % 7 === 0 ? 4 : i % 4] ?? 'Student',
        ['Own', 'Rent', 'Live with Parents/Family'][i % 3],
        i % 50 === 0 ? 'Other' : 'English',
        i % 2 ? 'a' : 'b',
      ].join(','),
    );
  return `${lines.join('\n')}\n`;
}

test('value-score bars: labels whole, every bar’s number inside the panel', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await chooseFile(page, textFile('survey.csv', surveyCsv()));
  await expectSummary(page, { rows: 400, name: 'survey.csv' });
  const panel = await addPanel(page, 'ranking:cosh');
  const bars = panel.getByTestId('value-score-bars');
  await expect(bars).toBeVisible({ timeout: 60_000 });
  await scrollIntoView(bars);
  const problems = await bars.evaluate((svg) => {
    const region = svg.parentElement as HTMLElement;
    const frame = region.getBoundingClientRect();
    const visibleRight = frame.left + region.clientWidth;
    const out: string[] = [];
    for (const g of svg.querySelectorAll('g')) {
      const [label, number] = [...g.querySelectorAll('text')];
      const l = label?.getBoundingClientRect();
      const n = number?.getBoundingClientRect();
      if (l && l.left < frame.left - 0.5) out.push(`cut on the left: ${label?.textContent}`);
      if (n && n.right > visibleRight + 0.5) out.push(`number outside: ${number?.textContent}`);
    }
    return out;
  });
  await panel.screenshot({ path: '/tmp/shot-value-score-bars.png' });
  expect(problems).toEqual([]);
});
