// biome-ignore-all lint/suspicious/noTemplateCurlyInString: mutations are source text, template placeholders included
/**
 * `npm run mutate`: injects the bugs earlier test layers let through (a changed spec text, a redirect of
 * 30 s instead of 3 s, an untrimmed name, Cancel enabled while saving, …) one at a time, runs the tests
 * that should notice, and prints which mutations were killed. Every mutation must be killed.
 *
 * It works on a temporary copy of the checkout (tracked and untracked files, node_modules linked), so the
 * working tree, uncommitted work included, is never touched. `npm run mutate -- <name part>` runs a subset.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface Mutation {
  name: string;
  file: string;
  /** Text that must occur exactly once in the file, and what it becomes. */
  from: string;
  to: string;
  /** Test files (unit project) that must fail with the mutation in place. */
  tests: string[];
}

const specTexts = 'tests/unit/spec-texts.test.tsx';
const plansTest = 'tests/unit/plans.test.ts';

export const mutations: Mutation[] = [
  {
    name: 'the "not confirmed" text changed',
    file: 'machines/sign-in.outcomes.ts',
    from: "unconfirmed: 'Your account is not confirmed. Please check your email for a verification link.'",
    to: "unconfirmed: 'Your account is not verified yet. Please check your email for a verification link.'",
    tests: [specTexts],
  },
  {
    name: 'the reset redirect after 30 s instead of 3 s',
    file: 'machines/reset-password.machine.ts',
    from: 'loginRedirect: 3_000',
    to: 'loginRedirect: 30_000',
    tests: [specTexts],
  },
  {
    name: 'the verify redirect after 6 s instead of 5 s',
    file: 'machines/verify-email.machine.ts',
    from: 'loginRedirect: 5_000',
    to: 'loginRedirect: 6_000',
    tests: [specTexts],
  },
  {
    name: 'the business name saved untrimmed',
    file: 'machines/business-profile.machine.ts',
    from: 'businessname: draft.businessname.trim(),',
    to: 'businessname: draft.businessname,',
    tests: [specTexts],
  },
  {
    name: 'a whitespace-only Business Name accepted',
    file: 'machines/business-profile.machine.ts',
    from: "if (draft.businessname.trim() === '') errors.businessname = NAME_REQUIRED;",
    to: "if (draft.businessname === '') errors.businessname = NAME_REQUIRED;",
    tests: [specTexts],
  },
  {
    name: 'Cancel enabled while saving',
    file: 'src/features/profile/profile-modal.tsx',
    from: 'cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}',
    to: "cancel={{ onClick: () => send(cancel), control: { 'data-event': 'profile.cancel' } }}",
    tests: ['tests/generated/business-profile.generated.test.tsx'],
  },
  {
    name: 'the pending sign-in kept 30 minutes instead of 3',
    file: 'machines/sign-in.machine.ts',
    from: 'pendingSignInExpiry: 180_000',
    to: 'pendingSignInExpiry: 1_800_000',
    tests: [specTexts],
  },
  {
    name: 'the access-denied text reworded',
    file: 'machines/sign-in.outcomes.ts',
    from: "accessDenied: 'Access Denied. You do not have permission to access the Business Portal.'",
    to: "accessDenied: 'Access denied. This account may not use the Business Portal.'",
    tests: [specTexts],
  },
  {
    // (The e-mail fields are <input type="email">, which trim on their own: an untrimmed e-mail in a machine
    // is not observable through the pages, so it is no mutation to test for.)
    name: 'a blank profile Description saved as spaces',
    file: 'machines/business-profile.machine.ts',
    from: 'description: draft.description.trim() || null,',
    to: 'description: draft.description || null,',
    tests: [specTexts],
  },
  {
    name: 'register names no longer trimmed (contract)',
    file: 'contracts/common.ts',
    from: 'noControls(label, false),\n      v.trim(),',
    to: 'noControls(label, false),',
    tests: [specTexts],
  },
  {
    name: '"Loading Application..." reworded',
    file: 'src/app/routes.tsx',
    from: "export const LOADING_TEXT = 'Loading Application...';",
    to: "export const LOADING_TEXT = 'Loading the application…';",
    tests: [specTexts],
  },
  {
    name: 'the forgot-password success text reworded',
    file: 'machines/forgot-password.machine.ts',
    from: 'sent: "If an account with that email exists, we\'ve sent you a password reset link."',
    to: 'sent: "We have sent you a password reset link."',
    tests: [specTexts],
  },
  {
    name: 'the missing reset token text reworded',
    file: 'machines/reset-password.machine.ts',
    from: "missingToken: 'Invalid or missing reset token.'",
    to: "missingToken: 'This reset link is not valid.'",
    tests: [specTexts],
  },
  {
    name: 'QA plan steps print the event data as JSON',
    file: 'machines/plans/plan.ts',
    from: "return fields.length ? ` (${fields.join(', ')})` : '';",
    to: "return fields.length ? ` (${JSON.stringify(data)})` : '';",
    tests: [plansTest],
  },
  {
    name: "paths keep the graph's representative snapshots (errors of other paths)",
    file: 'machines/lib/paths.ts',
    from: 'return paths.map((p) => replay(machine, eventsOf(p), options.input));',
    to: 'return paths.map((p) => ({ ...p, input: options.input }));',
    tests: [plansTest],
  },
  {
    name: 'a QA plan scenario without its start URL',
    file: 'machines/plans/plan.ts',
    from: 'url: `${PORTAL_URL}${start.url}`,',
    to: 'url: start.url,',
    tests: [plansTest],
  },
  {
    name: 'a poller that schedules the next request while one is in flight',
    file: 'machines/poller.machine.ts',
    from: "              'poll.now': {\n                actions: assign({ again: true }),",
    to: "              'poll.now': {\n                target: 'fetching',\n                reenter: true,",
    tests: ['tests/unit/poller.test.ts'],
  },
  {
    name: 'a poller that keeps polling a hidden tab',
    file: 'machines/poller.machine.ts',
    from: "          'visibility.hidden': {\n            target: 'paused',",
    to: "          'visibility.hidden': {\n            target: 'active',",
    tests: ['tests/unit/poller.test.ts'],
  },
  {
    name: 'a backoff without a cap',
    file: 'machines/poller.machine.ts',
    from: 'const ceiling = Math.min(MAX_BACKOFF_MS, interval * 2 ** Math.min(failures, 20));',
    to: 'const ceiling = interval * 2 ** Math.min(failures, 20);',
    tests: ['tests/unit/poller.test.ts'],
  },
  {
    name: 'a chat that sends whitespace',
    file: 'machines/chat.machine.ts',
    from: "hasText: ({ context }) => context.draft.trim() !== '',",
    to: 'hasText: () => true,',
    tests: ['tests/unit/chat-dialog.test.tsx'],
  },
  {
    name: 'a deletion question that starts on its action (Enter deletes)',
    file: 'src/ui/confirm-dialog.tsx',
    from: 'busy={busy} danger focusCancel />',
    to: 'busy={busy} danger />',
    tests: ['tests/unit/confirm-dialog.test.tsx', 'tests/generated/vouchers.generated.test.tsx'],
  },
  {
    name: 'a question asked again keeps focus on the button pressed ("Cancel Bookings and Delete")',
    file: 'src/ui/confirm-dialog.tsx',
    from: 'if (wasBusy.current && !busy) cancelRef.current?.focus();',
    to: 'if (wasBusy.current && !busy) cancelRef.current?.blur();',
    tests: ['tests/unit/confirm-dialog.test.tsx', 'tests/generated/booking-setup.generated.test.tsx'],
  },
  {
    name: 'a failed API call reaching the machine as a raw error (no Failure)',
    file: 'src/api/effect.ts',
    from: 'throw failure(error);',
    to: 'throw error;',
    tests: ['tests/unit/api-effect.test.tsx'],
  },
  {
    name: 'the sidebar and routes ignore the role (every member sees every page)',
    file: 'src/app/pages.ts',
    from: 'PAGES.filter((row) => hasRole(role, row.role))',
    to: 'PAGES.filter(() => true)',
    tests: ['tests/unit/roles.test.tsx'],
  },
  {
    name: 'staff keep the post composer',
    file: 'src/features/dashboard/posts-panel.tsx',
    from: "const mayPost = !!user && hasRole(user.role, 'manager');",
    to: 'const mayPost = !!user;',
    tests: ['tests/unit/roles.test.tsx'],
  },
  {
    name: "the Team page offers Remove on the owner's own row",
    file: 'src/features/team/team-page.tsx',
    from: 'const mine = member.userid === me;',
    to: 'const mine = false;',
    tests: ['tests/generated/team.generated.test.tsx'],
  },
];

const root = path.resolve(import.meta.dirname, '..');

function copyCheckout(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'portal-mutate-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (file === 'node_modules' || !existsSync(from)) continue;
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(from, path.join(copy, file));
  }
  symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(copy, 'node_modules'));
  return copy;
}

interface Outcome {
  passed: boolean;
  failing: string[];
}

function runTests(copy: string, files: string[]): Outcome {
  const report = path.join(copy, 'mutate-report.json');
  rmSync(report, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      path.join(copy, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'unit',
      '--reporter=json',
      `--outputFile=${report}`,
      ...files,
    ],
    { cwd: copy, encoding: 'utf8', env: { ...process.env, PATHS: 'cover' }, maxBuffer: 64 * 1024 * 1024 },
  );
  const failing: string[] = [];
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: Array<{ assertionResults: Array<{ status: string; fullName: string }> }>;
    };
    for (const file of json.testResults) {
      for (const t of file.assertionResults) if (t.status === 'failed') failing.push(t.fullName);
    }
  }
  return { passed: result.status === 0, failing };
}

const only = process.argv.slice(2).join(' ').toLowerCase();
const selected = mutations.filter((m) => !only || m.name.toLowerCase().includes(only));
const copy = copyCheckout();
const rows: Array<[string, string, string]> = [];
let bad = 0;
try {
  const baseline = runTests(copy, [...new Set(selected.flatMap((m) => m.tests))]);
  if (!baseline.passed) {
    console.error(`The tests fail without any mutation:\n  ${baseline.failing.join('\n  ')}`);
    process.exit(1);
  }
  for (const m of selected) {
    const file = path.join(copy, m.file);
    const original = readFileSync(file, 'utf8');
    const count = original.split(m.from).length - 1;
    if (count !== 1) {
      rows.push([m.name, `STALE (pattern found ${count}×)`, m.file]);
      bad++;
      continue;
    }
    writeFileSync(file, original.replace(m.from, m.to));
    try {
      const outcome = runTests(copy, m.tests);
      if (outcome.passed) bad++;
      rows.push([
        m.name,
        outcome.passed ? 'SURVIVED' : 'killed',
        outcome.passed ? m.tests.join(', ') : (outcome.failing[0] ?? '(the run failed)'),
      ]);
    } finally {
      writeFileSync(file, original);
    }
    console.log(`${rows.at(-1)![1].padEnd(8)} ${m.name}`);
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}

const width = Math.max(...rows.map((r) => r[0].length), 8);
console.log(`\n| ${'mutation'.padEnd(width)} | result   | first failing test (or the tests that missed it) |`);
console.log(`| ${'-'.repeat(width)} | -------- | --- |`);
for (const [name, result, detail] of rows) console.log(`| ${name.padEnd(width)} | ${result.padEnd(8)} | ${detail} |`);
console.log(`\n${rows.length - bad} of ${rows.length} mutations killed.`);
process.exitCode = bad ? 1 : 0;
