// npm start = build what is missing or stale (the SPA into dist/, the server bundle into dist-server/),
// then run the one-process server from its bundle. Plain JavaScript run by Node alone: tsx is for
// development (npm run dev, the tests and scripts run server/*.ts from source).
import { pathToFileURL } from 'node:url';
import { buildServer, buildSpa, needsBuild, needsServerBuild, serverEntry } from './lib/build.mjs';

// Stack traces name server/*.ts lines, as they did from source (the bundle's source maps).
process.setSourceMapsEnabled(true);

const spa = needsBuild();
const server = needsServerBuild();
if (spa || server) {
  console.log('Building the portal (first start, or the sources changed)...');
  const started = performance.now();
  if (spa) buildSpa();
  if (server) await buildServer();
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)}s.`);
}
await import(pathToFileURL(serverEntry).href);
