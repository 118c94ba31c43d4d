import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/build.ts';
import { commonPasswordsModule } from './lib/common-passwords.ts';

// Regenerates contracts/common-passwords.ts (tests/unit/password.test.ts fails when it is stale).
const file = path.join(root, 'contracts/common-passwords.ts');
writeFileSync(file, commonPasswordsModule());
console.log(`Wrote ${path.relative(root, file)}.`);
