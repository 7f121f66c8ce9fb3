// Long tasks of a page under a phone's CPU: loads URL in Chromium with the
// CPU slowed 4x (as Lighthouse's mobile profile assumes), records a trace
// and sums, per load, each main-thread task over 50 ms less 50 ms (the way
// total blocking time counts them, from the start of the load); prints each
// load's sum, the tasks of the last load with what filled them, and the
// median. Quicker and steadier than Lighthouse for comparing a change.
//   node web/scripts/long-tasks.mjs http://summit-motor-group.localhost:8080/ [runs=3]
import { chromium } from 'playwright-core';
const url = process.argv[2];
const runs = +(process.argv[3] || 3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--host-resolver-rules=MAP *.localhost 127.0.0.1'] });
const totals = [];
for (let r = 0; r < runs; r++) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((res) => cdp.once('Tracing.tracingComplete', res));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  await cdp.send('Tracing.end');
  await done;
  const t0 = Math.min(...events.filter(e=>e.name==='RunTask').map(e=>e.ts));
  // main renderer thread: the thread with most ParseHTML
  const byTid = {};
  for (const e of events) if (e.name === 'ParseHTML') byTid[e.pid + ':' + e.tid] = (byTid[e.pid + ':' + e.tid] || 0) + 1;
  const key = Object.entries(byTid).sort((a, b) => b[1] - a[1])[0][0];
  const mine = events.filter((e) => e.pid + ':' + e.tid === key);
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > 50000 * 1).sort((a, b) => a.ts - b.ts);
  let tbt = 0;
  const lines = [];
  for (const t of tasks) {
    const inside = mine.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur && e.name !== 'RunTask');
    const agg = {};
    for (const e of inside) {
      if (['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'TimerFire', 'EventDispatch', 'v8.compile', 'RunMicrotasks', 'PrePaint', 'Layerize', 'FireAnimationFrame', 'ScheduleStyleRecalculation', 'HitTest', 'Decode Image', 'ImageDecodeTask'].includes(e.name)) agg[e.name] = (agg[e.name] || 0) + e.dur / 1000;
    }
    const url = inside.find((e) => e.args?.data?.url)?.args.data.url?.replace(/^https?:\/\/[^/]+/, '') || '';
    tbt += Math.max(0, t.dur / 1000 - 50);
    lines.push(`  @${((t.ts - t0) / 1000).toFixed(0)} ${(t.dur / 1000).toFixed(0)}ms ${url} ` + Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(' '));
  }
  console.log(`run ${r}: sum(long-50)=${tbt.toFixed(0)}ms`);
  if (r === runs - 1 || process.env.ALL) console.log(lines.join('\n'));
  totals.push(tbt);
  await ctx.close();
}
console.log('median', totals.sort((a, b) => a - b)[Math.floor(totals.length / 2)].toFixed(0));
await browser.close();
