import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-dev-shm-usage'] });
const p = await b.newPage({ viewport: { width: 1400, height: 1000 } });
await p.goto('http://127.0.0.1:5191/'); await p.waitForTimeout(4000);
await b.startTracing(p, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
const t0 = Date.now();
await p.getByTestId('file-input').setInputFiles('/tmp/rows5000.csv');
await p.getByTestId('summary').getByText('columns in rows5000.csv').waitFor();
console.log('loaded at', Date.now() - t0);
await p.waitForTimeout(1500);
await p.getByLabel('Add panel').selectOption('value-matrices:cde');
await p.getByLabel('Add panel').selectOption('projection:cde');
await p.waitForTimeout(14000);
const buf = await b.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents;
const main = events.find(e => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const onMain = events.filter(e => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid);
const start = onMain[0].ts;
const tasks = onMain.filter(e => e.name === 'RunTask' && e.dur > 35000);
for (const t of tasks) {
  const inside = onMain.filter(e => e.ts >= t.ts && e.ts + (e.dur||0) <= t.ts + t.dur && e !== t && e.dur > 2000);
  const agg = new Map(); for (const e of inside) agg.set(e.name, (agg.get(e.name)||0) + e.dur/1000);
  console.log(`@${((t.ts-start)/1000).toFixed(0)} task ${(t.dur/1000).toFixed(0)} ms:`, [...agg].sort((a,b)=>b[1]-a[1]).slice(0,8).map(([k,v])=>`${k} ${v.toFixed(0)}`).join(', '));
}
await b.close();
