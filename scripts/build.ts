import { buildSpa } from './lib/build.ts';

buildSpa();
