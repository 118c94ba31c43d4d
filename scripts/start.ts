import { buildSpa, needsBuild } from './lib/build.ts';

// npm start = build the SPA when dist/ is missing or stale, then run the one-process server.
if (needsBuild()) {
  console.log('Building the portal (first start, or the sources changed)...');
  const started = performance.now();
  buildSpa();
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)}s.`);
}
await import('../server/index.ts');
