import { beforeAll } from 'vitest';

// A worker runs file after file (isolate: false in vitest.config.ts), and the real Amplify client that
// some files drive (support/amplify.ts) is one per process: no file may start with the signed-in user
// another file left in its storage (in Node, Amplify's in-memory storage).
beforeAll(async () => {
  const { defaultStorage } = await import('aws-amplify/utils');
  await defaultStorage.clear();
});
