import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest in the last quiet CI run (docs/decisions/032-test-suite-time.md), started
 * first so none of them is left running alone at the end. A fresh clone has no timings of its own
 * (Vitest's cache), and Vitest would otherwise start the largest files first, not the slowest.
 */
const SLOW_FIRST = [
  'tests/e2e/plans-walk.test.ts',
  'tests/e2e/console-clean.test.ts',
  'tests/e2e/team.test.ts',
  'tests/e2e/inspector.test.ts',
  'tests/e2e/account.test.ts',
  'tests/e2e/booking-journey.test.ts',
  'tests/e2e/messaging.test.ts',
  'tests/server/processes.test.ts',
  'tests/server/booking-notices.test.ts',
  'tests/server/users-cli.test.ts',
  'tests/server/plan-cli.test.ts',
  'tests/server/identity-amplify.test.ts',
  'tests/server/mail-outbox.test.ts',
];

/**
 * The order files start in, for one run of all projects on a few workers (vitest.config.ts):
 * - the unit files first: they need no stack, and the browser files' stacks start meanwhile
 *   (tests/e2e/global-setup.ts starts them in the background);
 * - then the browser files, then the server files project by project: a non-isolated worker (server,
 *   server-postgres) is reused only while the next file in the queue is of its own project;
 * - within a project the known slow files first, then Vitest's own order.
 */
export default class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const at = SLOW_FIRST.indexOf(path.relative(root, spec.moduleId));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    const projects = ['unit-own', 'unit', 'e2e', 'server', 'server-postgres'];
    const projectRank = (spec: TestSpecification) => {
      const at = projects.indexOf(spec.project.name);
      return at === -1 ? projects.length : at;
    };
    // Array.prototype.sort is stable: ties keep Vitest's order.
    return sorted.sort((a, b) => projectRank(a) - projectRank(b) || rank(a) - rank(b));
  }
}
