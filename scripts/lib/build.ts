/** The builds (SPA and server bundle) for the TypeScript scripts; the code is in ./build.mjs, which npm start runs without tsx. */
export * from './build.mjs';
