// Preloaded into a process by scripts/bench-api.ts --probe-memory (NODE_OPTIONS=--require): on SIGUSR2 it
// appends the process's memory as V8 and Node see it to MEMORY_PROBE_FILE, once as it is and once after a
// full collection (--expose-gc), so RSS can be told apart from live heap, garbage not yet collected and
// memory outside the heap. Diagnostics only; never loaded by npm start.
const { appendFileSync } = require('node:fs');

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const mb = (bytes) => Math.round(bytes / 1048576);
  const sample = (when) => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    return {
      when,
      rss: mb(rss),
      heapTotal: mb(heapTotal),
      heapUsed: mb(heapUsed),
      external: mb(external),
      arrayBuffers: mb(arrayBuffers),
    };
  };
  process.on('SIGUSR2', () => {
    const before = sample('as is');
    globalThis.gc?.();
    const after = sample('after a full GC');
    appendFileSync(
      file,
      `${JSON.stringify({ pid: process.pid, argv: process.argv.slice(1).join(' '), before, after })}\n`,
    );
  });
}
