import { buildServer, buildSpa } from './lib/build.ts';

// Both builds npm start runs from: the SPA (dist/) and the server bundle (dist-server/).
buildSpa();
await buildServer();
