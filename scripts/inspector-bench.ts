/**
 * `npm run bench:inspector`: how the development inspector performs, in Debian's Chromium against
 * `npm run dev` (Vite on a free port; no portal server needed):
 * - time to first diagram: /inspector/?machine=<id> opened until its diagram is drawn, cold (Vite
 *   transforms the modules on first request) and warm (a reload);
 * - events per second it keeps up with: a page opens the inspector as the portal does and posts
 *   synthetic inspection events (one machine's snapshots) at rising rates; a rate is kept up with when
 *   the last event shows in the event log within a second of being sent.
 * Prints the figures; writes nothing (the lead copies them to docs/benchmarks.md from a quiet machine).
 *   npm run bench:inspector -- [--machine bookingForm] [--seconds 3]
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib/build.ts';
import { findChromium, launchChromium } from './lib/stack.ts';

const { values } = parseArgs({
  options: { machine: { type: 'string', default: 'bookingForm' }, seconds: { type: 'string', default: '3' } },
});
const machine = values.machine!;
const seconds = Number(values.seconds);

const chromiumPath = findChromium();
if (!chromiumPath) throw new Error('Chromium is required: apt-get install chromium');

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const vite = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
  { cwd: root, stdio: 'ignore' },
);
const url = `http://127.0.0.1:${port}`;
const browser = await launchChromium(chromiumPath);
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/inspector/`)).ok) break;
    } catch {}
    if (i > 240) throw new Error('vite did not answer');
    await new Promise((r) => setTimeout(r, 250));
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  // tsx keeps function names with a `__name` helper the browser side of page.evaluate lacks.
  await page.addInitScript('window.__name = (f) => f');

  // Time to first diagram, cold then warm.
  for (const run of ['cold', 'warm']) {
    const started = performance.now();
    await page.goto(`${url}/inspector/?machine=${machine}`);
    await page.locator('.insp-svg').waitFor({ timeout: 120_000 });
    console.log(`time to first diagram (${machine}, ${run}): ${Math.round(performance.now() - started)} ms`);
  }

  // Events per second: the opener posts @xstate.snapshot events of one actor at a rate.
  await page.goto(`${url}/inspector/?machine=${machine}`);
  const [inspector] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate(() => {
      (window as unknown as { target: Window | null }).target = window.open('/inspector/', 'bench');
    }),
  ]);
  await inspector.getByRole('heading', { name: 'Statecharts' }).waitFor();
  const send = (rate: number, total: number, offset: number) =>
    page.evaluate(
      ({ rate, total, offset, machine }) =>
        new Promise<number>((resolve) => {
          const target = (window as unknown as { target: Window }).target;
          const post = (event: object) =>
            target.postMessage({ _version: 'bench', createdAt: String(Date.now()), ...event }, '*');
          if (offset === 0) {
            post({
              type: '@xstate.actor',
              sessionId: 'bench:1',
              name: machine,
              definition: JSON.stringify({ id: machine, initial: 'a', states: { a: {}, b: {} } }),
            });
            post({
              type: '@xstate.snapshot',
              sessionId: 'bench:1',
              event: { type: 'xstate.init' },
              snapshot: { value: 'a', status: 'active', context: {} },
            });
          }
          let sent = 0;
          const tick = setInterval(() => {
            for (let k = 0; k < rate / 100 && sent < total; k++, sent++) {
              const n = offset + sent + 1;
              post({
                type: '@xstate.snapshot',
                sessionId: 'bench:1',
                event: { type: `bench.${n}` },
                snapshot: { value: n % 2 ? 'b' : 'a', status: 'active', context: { n } },
              });
            }
            if (sent >= total) {
              clearInterval(tick);
              resolve(Date.now());
            }
          }, 10);
        }),
      { rate, total, offset, machine },
    );
  await inspector
    .getByRole('button', { name: new RegExp(`^${machine}\\b`) })
    .first()
    .waitFor({ state: 'attached', timeout: 1 })
    .catch(() => {});
  let offset = 0;
  let kept = 0;
  for (const rate of [100, 250, 500, 1000, 2000, 4000]) {
    const total = rate * seconds;
    const sentAt = await send(rate, total, offset);
    offset += total;
    const last = `bench.${offset}`;
    // The log keeps the newest 300 moments; the last one shows when the inspector has caught up.
    await inspector.getByText(last, { exact: true }).first().waitFor({ timeout: 60_000 });
    const lag = Date.now() - sentAt;
    console.log(`${String(rate).padStart(5)} events/s for ${seconds} s: the last shown ${lag} ms after it was sent`);
    if (lag > 1000) break;
    kept = rate;
  }
  console.log(`events per second kept up with (last shown within 1 s): ${kept || 'below 100'}`);
} finally {
  await browser.close();
  vite.kill('SIGTERM');
}
