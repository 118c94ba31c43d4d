/**
 * `npm run inspector:screenshots -- [machine[@scenario]] ...`: pictures of the statechart inspector's
 * diagram in simulator mode (no server needed), written to docs/screenshots/inspector/<machine>.png (a folder of
 * its own: `npm run screenshots` replaces the PNGs of docs/screenshots/ itself).
 * `machine@N` replays QA plan scenario N to its last step first, so the picture shows the path's end
 * with its expectation (and, for a poller, its timer and backoff). Without arguments: a few machines of
 * the registry. Starts Vite's dev server on a free port and Debian's Chromium, then stops both.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './lib/build.ts';

const OUT = path.join(root, 'docs/screenshots/inspector');
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const shots = wanted.length ? wanted : ['signIn', 'businessProfile', 'postComposer@3'];

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const vite = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
);
process.once('exit', () => vite.kill('SIGTERM'));
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/inspector/`)).ok) break;
  } catch {}
  if (i > 240) throw new Error('vite did not start');
  await new Promise((r) => setTimeout(r, 250));
}

const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);
if (!executablePath) throw new Error('Chromium is not installed (apt-get install chromium)');
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'], headless: true });
mkdirSync(OUT, { recursive: true });
try {
  for (const shot of shots) {
    const [machine, scenario] = shot.split('@');
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    const query = new URLSearchParams({ machine: machine!, ...(scenario ? { scenario } : {}) });
    await page.goto(`${base}/inspector/?${query}`);
    await page.locator('.insp-svg').waitFor({ timeout: 60_000 });
    if (scenario) {
      const next = page.getByRole('button', { name: 'Next step' });
      while (await next.isEnabled()) await next.click();
    }
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(200);
    const file = path.join(OUT, `${machine}.png`);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    console.log(path.relative(root, file));
    await page.close();
  }
} finally {
  await browser.close();
  vite.kill('SIGTERM');
}
