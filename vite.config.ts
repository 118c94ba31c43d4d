import { defineConfig } from 'vite';

// The API, the identity endpoint, the mailbox and media are served by the one Node process (npm start).
// In `npm run dev` the Vite dev server proxies them there, so the SPA stays same-origin in both modes.
const backend = process.env.BACKEND_URL ?? `http://localhost:${process.env.PORT ?? 8787}`;
const proxied = ['/api', '/cognito', '/config.json', '/dev', '/media', '/healthz'];

export default defineConfig({
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The calendar and QR chunks load on their routes; the budget script watches the initial JS.
    chunkSizeWarningLimit: 600,
  },
});
