/**
 * QA test plans a person walks by hand, built from the same paths the generated tests play (scenario N
 * here is test "N: …" there). Each scenario says where to go and who to be; steps say what to do and what
 * to arrange in plain words; each expectation is computed from the state the step reaches. States that
 * pass in a blink (waiting for the server) are not expected; their outcome is told as the step's result.
 * `checkPlan` is the generator's own test: no JSON, a start URL, expectations that match the reached state.
 * Pure TypeScript (no file system): `npm run plans` (scripts/plans.ts) writes what `docFiles` returns, and
 * the inspector (src/devtools/qa.ts) replays the same scenarios in the browser.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { type Account, type MachineEntry, noteOf, type SampleNote, type Start } from '../lib/entry.ts';
import { activeLeaves, entryPaths, isBlink, type MachinePath, pathName, replay } from '../lib/paths.ts';
import { transitionsOf } from '../lib/transitions.ts';
import { PORTAL_URL } from '../samples/demo.samples.ts';
import type { PlanScenario, PlanStep } from './scenario.ts';
import { minutesOf, NEEDS, needsOf, smokeOf, titlesOf, walkedNumbers } from './triage.ts';

export const MISSING = '(no description';
export const NO_WORDS = '(no plain words for';

/** Every state and transition of the machine without a description, worded for the plan. */
export function undocumented(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateNode) => {
    if (node !== machine.root && !node.description) out.push(`${MISSING} for state ${node.id})`);
    for (const t of transitionsOf(node)) {
      if (!t.description) out.push(`${MISSING} for ${t.eventType || 'always'} in ${node.id})`);
    }
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return out;
}

/** The text of the alert a state shows, if it shows one: tagged 'error' and an error in context. */
export const alertOf = (snapshot: AnyMachineSnapshot): string | null => {
  const error = (snapshot.context as { error?: unknown } | undefined)?.error;
  return snapshot.hasTag('error') && typeof error === 'string' && error ? error : null;
};

/** What a person sees in a resting state: its description, then what it shows from the reached context. */
export function expectationOf(entry: MachineEntry, snapshot: AnyMachineSnapshot): string {
  const leaves = activeLeaves(entry.machine, snapshot);
  const parts = [leaves.map((n) => n.description ?? `${MISSING} for state ${n.id})`).join('; ')];
  const alert = alertOf(snapshot);
  if (alert) parts.push(`The alert reads: "${alert}"`);
  parts.push(...(entry.plan.shows?.(snapshot as never) ?? []));
  return parts.join('. ');
}

const isOutcome = (event: AnyEventObject) => /^xstate\.(done|error)\.actor\./.test(event.type);
const isDelay = (event: AnyEventObject) => event.type.startsWith('xstate.after.');

const sentence = (text: string) => (/[.!?…]["`)]?$/.test(text) ? text : `${text}.`);
const words = (key: string) => {
  const spaced = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** A typed value as a person reads it; spaces at the ends are said, since they cannot be seen. */
function shownValue(value: unknown): string {
  if (typeof value !== 'string') return `${NO_WORDS} a ${typeof value} value)`;
  if (value === '') return 'empty';
  if (value.trim() === '') return `only spaces (${value.length})`;
  const padded = value !== value.trim() ? ' (with spaces before and after)' : '';
  return `\`${value}\`${padded}`;
}

/** " (Email `…`, Password `…`)", with the labels the page shows; only the event's own fields. */
function typedData(entry: MachineEntry, event: AnyEventObject, override: Record<string, string>): string {
  const { type: _type, ...data } = event;
  const fields = Object.keys(data).map((key) => {
    const label = entry.plan.fields?.[key] ?? words(key);
    return `${label} ${shownValue(key in override ? override[key] : data[key])}`;
  });
  return fields.length ? ` (${fields.join(', ')})` : '';
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function transitionText(machine: AnyStateMachine, prev: AnyMachineSnapshot, event: AnyEventObject): string {
  const descriptions = machine
    .getTransitionData(prev as never, event as never)
    .map((t) => t.description)
    .filter(Boolean);
  return descriptions.join('; ') || `${MISSING} for ${event.type})`;
}

export type { PlanScenario, PlanStep } from './scenario.ts';

const whoText = (account: Account | undefined) =>
  account
    ? `signed in as ${account.name} (${account.email}, password ${account.password}; sign in at ${PORTAL_URL}/login first)`
    : 'signed out (sign out first, or use a private window)';

/** Making a scenario's account, again after an earlier walk: delete it first ("no user" the first time is fine). */
const creation = (account: Account) =>
  `Make the account ${account.email} (${account.name}): stop the server, run \`npm run users -- delete --email ${account.email}\` (if an earlier walk made it), then \`${account.create}\`, then \`npm start\` again.`;

function startOf(entry: MachineEntry, path: MachinePath): Start {
  const byInput = entry.inputs?.find((i) => i.label === path.start)?.start;
  if (byInput) return byInput;
  const { start } = entry.plan;
  const first = path.steps[1]?.event;
  if (typeof start === 'function') return start(first);
  return start ?? { url: '/' };
}

/** Turns one generated path into a scenario a person can walk. */
export function scenarioOf(entry: MachineEntry, path: MachinePath, index: number): PlanScenario {
  const { machine, plan } = entry;
  const start = startOf(entry, path);
  const [first, ...rest] = path.steps;
  let signedInAs = start.signedInAs;
  let page = start.url.split('?')[0]!;
  const accounts = new Map<string, Account>((start.accounts ?? []).map((a) => [a.email, a]));
  const notByHand: string[] = [];
  const opening: string[] = [];
  const openingArrange: string[] = [];
  let openingExpect: string | null = first && !isBlink(entry, first.state) ? expectationOf(entry, first.state) : null;
  type Draft = PlanStep & { title: string; typed: boolean; override: Record<string, string> };
  const steps: Draft[] = [];

  rest.forEach((step, n) => {
    const prev = n ? rest[n - 1]!.state : first!.state;
    const event = step.event;
    const noted: SampleNote = noteOf(entry, event) ?? {};
    const before = rest.slice(0, n).map((s) => s.event);
    const { arrange: _unless, ...withoutArrange } = noted;
    const note: SampleNote = noted.arrangeUnless?.(before) ? withoutArrange : noted;
    const description = transitionText(machine, prev, event);
    if (note.notByHand) notByHand.push(note.notByHand);
    const hidden = note.notByHandIn?.(prev);
    if (hidden) notByHand.push(hidden);
    // Only what the page finds when it opens decides who the tester is at the start.
    if (note.signedInAs && !steps.length) signedInAs = note.signedInAs;
    if (note.uses) accounts.set(note.uses.email, note.uses);

    if (!isOutcome(event) || !isBlink(entry, prev)) {
      // The person acts: a control, a wait, or an answer to the browser (a lasting state).
      if (isBlink(entry, prev)) {
        notByHand.push(`"${description}" comes while the page waits for an answer that takes a blink`);
      }
      let action =
        note.action ??
        (isOutcome(event) ? (note.say ?? description) : note.say ? `${description}: ${note.say}` : description);
      const elsewhere = plan.eventPages?.[event.type];
      if (elsewhere && elsewhere.path !== page) {
        if (!action.includes(elsewhere.path)) {
          action = `${elsewhere.how ?? `Go to ${PORTAL_URL}${elsewhere.path}`}, then ${lowerFirst(action)}`;
        }
        page = elsewhere.path;
      }
      const typed = !isOutcome(event) && !isDelay(event) && note.say === undefined && note.action === undefined;
      // An answer in a lasting state was asked for by the step that entered it: arrange it before that one.
      const asker = isOutcome(event) ? steps.at(-1) : undefined;
      if (asker && note.arrange) asker.arrange.push(note.arrange);
      steps.push({
        arrange: note.arrange && !asker ? [note.arrange] : [],
        tells: note.tells ? [note.tells] : [],
        action,
        title: note.action ?? description,
        results: [],
        expect: null,
        firstStep: n + 1,
        lastStep: n + 1,
        event,
        typed,
        override: {},
      });
    } else {
      // The answer the page was waiting for: the result of the person's last step, or of opening the page.
      const current = steps.at(-1);
      if (current) {
        current.results.push(description);
        if (note.arrange) current.arrange.push(note.arrange);
        if (note.tells) current.tells.push(note.tells);
        current.lastStep = n + 1;
        if (note.uses) Object.assign(current.override, { email: note.uses.email, password: note.uses.password });
        if (note.typed) Object.assign(current.override, note.typed);
      } else {
        opening.push(description);
        if (note.arrange) openingArrange.push(note.arrange);
      }
    }
    page = plan.pageOf?.(step.state as never, event) ?? page;
    const reached = isBlink(entry, step.state) ? null : expectationOf(entry, step.state);
    if (steps.length) steps.at(-1)!.expect = reached;
    else openingExpect = reached;
  });

  const finished: PlanStep[] = steps.map(({ override, typed, title: _title, ...s }) => {
    const fields = Object.fromEntries(
      Object.keys(override)
        .filter((k) => k in s.event)
        .map((k) => [k, override[k]]),
    );
    return {
      ...s,
      event: { ...s.event, ...fields },
      action: typed ? `${s.action}${typedData(entry, s.event, override)}` : s.action,
    };
  });
  const before = [
    ...[...accounts.values()].filter((a) => a.create).map(creation),
    ...(start.note ? [start.note] : []),
    ...openingArrange,
  ];
  const last = steps.at(-1);
  return {
    number: index + 1,
    title: last?.results.at(-1) ?? last?.title ?? opening.at(-1) ?? path.start ?? 'The first screen',
    url: `${PORTAL_URL}${start.url}`,
    who: whoText(signedInAs),
    ...(start.via ? { via: start.via } : {}),
    ...(start.andThen ? { andThen: start.andThen } : {}),
    before,
    opening,
    expect: openingExpect,
    steps: finished,
    notByHand,
    test: plan.test,
    path,
  };
}

/** The covering scenarios of a machine: the same paths, in the same order, as its generated test. */
export function planOf(entry: MachineEntry): PlanScenario[] {
  const scenarios = entryPaths(entry, 'cover').map((path, i) => scenarioOf(entry, path, i));
  const titles = titlesOf(entry, scenarios);
  return scenarios.map((s, n) => ({ ...s, title: titles[n]! }));
}

/** The offline inspector of `npm run dev` (src/devtools), where a scenario replays step by step with no server. */
export const INSPECTOR_URL = 'http://localhost:5173/inspector/';

/** The inspector's address that replays scenario `n` of a machine's plan. */
export const replayLink = (machineId: string, n: number) =>
  `${INSPECTOR_URL}?machine=${encodeURIComponent(machineId)}&scenario=${n}`;

const testName = (s: PlanScenario) => `${s.number}: ${s.path.start ? `[${s.path.start}] ` : ''}${pathName(s.path)}`;

/** The Start line of a scenario (where to go, who to be, what to do once there). */
const startLine = (s: PlanScenario) => {
  const via = s.via ? ` The address: ${sentence(s.via)}` : '';
  const then = s.andThen ? ` Then ${sentence(s.andThen)}` : '';
  return `open ${s.url}, ${s.who}.${via}${then}`;
};

/** What most scenarios of a plan share: printed once at the top instead of in every scenario. */
function commonOf(scenarios: PlanScenario[]) {
  const counts = new Map<string, number>();
  for (const s of scenarios) counts.set(startLine(s), (counts.get(startLine(s)) ?? 0) + 1);
  const start = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const sharing = scenarios.filter((s) => startLine(s) === start);
  const before = sharing[0]?.before.filter((b) => sharing.every((s) => s.before.includes(b))) ?? [];
  const expects = new Map<string, number>();
  for (const s of sharing) expects.set(s.expect ?? '', (expects.get(s.expect ?? '') ?? 0) + 1);
  const expect = [...expects.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  return { start, before, expect };
}

const stepLines = (s: PlanScenario) =>
  s.steps.flatMap((step, n) => {
    const arrange = step.arrange.map((a) => `First ${lowerFirst(sentence(a))} `).join('');
    const tells = step.tells.map((t) => ` ${sentence(t)}`).join('');
    return [
      `${n + 1}. ${arrange}${sentence(step.action)}`,
      ...step.results.map((r) => `   - Then: ${sentence(r)}`),
      `   - Expect: ${step.expect ? sentence(step.expect) : 'nothing to check by eye: the page waits for an answer that comes in a blink.'}${tells}`,
    ];
  });

function renderScenario(
  entry: MachineEntry,
  s: PlanScenario,
  common: ReturnType<typeof commonOf>,
  marks: { walked: boolean; smoke: boolean },
): string[] {
  const needs = needsOf(entry, s).map((n) => NEEDS[n]);
  const facts = [
    `about ${minutesOf(entry, s)} min`,
    ...(needs.length ? [`needs ${needs.join(', ')}`] : []),
    ...(marks.smoke ? ['smoke set'] : []),
    ...(marks.walked ? ['walked in CI'] : []),
    `[replay](${replayLink(entry.machine.id, s.number)})`,
  ];
  const lines = [
    `<a id="s${s.number}"></a>`,
    `## ${s.number}. ${sentence(s.title).replace(/\.$/, '')}`,
    '',
    `*${facts.join('; ')}.*`,
    '',
  ];
  if (startLine(s) !== common.start) lines.push(`**Start:** ${startLine(s)}`);
  for (const b of s.before.filter((x) => !common.before.includes(x) || startLine(s) !== common.start))
    lines.push(`**Before you start:** ${sentence(b)}`);
  if (s.opening.length) lines.push(`**While it opens:** ${s.opening.map((o) => lowerFirst(o)).join('; ')}.`);
  const same = startLine(s) === common.start && (s.expect ?? '') === common.expect && !s.opening.length;
  if (!same) {
    lines.push(
      `**Expect:** ${s.expect ? sentence(s.expect) : 'the page is still waiting (nothing to check yet).'}`,
      '',
    );
  }
  lines.push(...stepLines(s));
  lines.push('');
  return lines;
}

/** A scenario a person cannot walk: why, and the test that covers it, without its steps. */
const notByHandLine = (entry: MachineEntry, s: PlanScenario) =>
  `- <a id="s${s.number}"></a>**${s.number}. ${sentence(s.title).replace(/\.$/, '')}.** ${s.notByHand.map(sentence).join(' ')} Covered by test "${testName(s)}" ([replay](${replayLink(entry.machine.id, s.number)})).`;

export function renderPlan(entry: MachineEntry): string {
  const { machine, title } = entry;
  const scenarios = planOf(entry);
  const missing = undocumented(machine);
  const hand = scenarios.filter((s) => !s.notByHand.length);
  const notByHand = scenarios.filter((s) => s.notByHand.length);
  const walked = walkedNumbers(entry, scenarios);
  const smoke = smokeOf(entry, scenarios);
  const common = commonOf(hand.length ? hand : scenarios);
  const minutes = hand.reduce((m, s) => m + minutesOf(entry, s), 0);
  const lines = [
    `# Test plan: ${title}`,
    '',
    `${scenarios.length} scenarios generated from the \`${machine.id}\` machine by \`npm run plans\` (do not edit by hand:`,
    'change the descriptions or samples and regenerate). Together they take every transition of the machine and use',
    `every sample at least once. Scenario N is the test "N: …" in \`${entry.plan.test}\`.`,
    `${hand.length} by hand (about ${Math.round(minutes)} min; ${walked.size} walked in CI), ${notByHand.length} not by hand (summarised at the end). Smoke set: ${smoke.map((n) => `#${n}`).join(', ') || 'none'}. Index of every plan: [README.md](README.md).`,
    'Each scenario links its step-by-step replay in the inspector (`npm run dev`).',
    '',
    'How to walk them, who the demo owner is and what "First", "Then" and "Expect" mean: [README.md](README.md).',
    ...(entry.plan.usesUp ? ['', `**Uses up:** ${entry.plan.usesUp}`] : []),
    '',
    `**Start (every scenario that does not say otherwise):** ${common.start}`,
    ...common.before.map((b) => `**Before you start (every such scenario):** ${sentence(b)}`),
    ...(common.expect
      ? [`**Expect once it opens (unless a scenario says otherwise):** ${sentence(common.expect)}`]
      : []),
    '',
    ...hand.flatMap((s) =>
      renderScenario(entry, s, common, { walked: walked.has(s.number), smoke: smoke.includes(s.number) }),
    ),
  ];
  if (notByHand.length) {
    lines.push(
      '## Not by hand',
      '',
      `They need a situation a person cannot arrange; \`${entry.plan.test}\` plays each with fakes.`,
      '',
      ...notByHand.map((s) => notByHandLine(entry, s)),
      '',
    );
  }
  if (missing.length) lines.push('## Missing descriptions', '', ...missing.map((m) => `- ${m}`), '');
  return lines.join('\n');
}

/** Machine data printed as JSON instead of words (e.g. `answer: {"kind":"signedIn"}`). */
const JSON_LIKE = /[{[]\s*"|"\s*:\s*["{[\d]|\banswer:/;

/**
 * The plan generator's checks, per scenario: a start URL on the portal and a person to be; no JSON and no
 * missing words in any text; every expectation equal to what the state REACHED by replaying the path's
 * events from scratch shows (and no expectation for a state that passes in a blink); scenarios that
 * cannot be walked name their automated test.
 */
export function checkPlan(entry: MachineEntry, scenarios: PlanScenario[]): string[] {
  const problems: string[] = [];
  for (const s of scenarios) {
    const where = `${entry.machine.id} scenario ${s.number}`;
    if (!s.url.startsWith(`${PORTAL_URL}/`)) problems.push(`${where}: starts without a URL on the portal`);
    if (!/^(signed in as .+|signed out.*)$/.test(s.who)) problems.push(`${where}: does not say who to be`);
    const texts = [s.title, s.url, s.who, s.via ?? '', s.andThen ?? '', ...s.before, ...s.opening, s.expect ?? ''];
    for (const step of s.steps) texts.push(...step.arrange, step.action, ...step.results, step.expect ?? '');
    for (const text of texts) {
      if (JSON_LIKE.test(text)) problems.push(`${where}: JSON in "${text}"`);
      if (text.includes(MISSING) || text.includes(NO_WORDS)) problems.push(`${where}: missing words in "${text}"`);
    }
    if (s.notByHand.length && !s.test) problems.push(`${where}: cannot be walked and names no test`);

    const replayed = replay(
      entry.machine,
      s.path.steps.slice(1).map((step) => step.event),
      s.path.input,
    ).steps;
    const check = (expected: string | null, stepIndex: number, label: string) => {
      const state = replayed[stepIndex]?.state;
      if (!state) {
        problems.push(`${where} ${label}: the path has no step ${stepIndex}`);
        return;
      }
      if (isBlink(entry, state)) {
        if (expected !== null) problems.push(`${where} ${label}: expects a state that passes in a blink`);
        return;
      }
      if (expected === null) {
        problems.push(`${where} ${label}: expects nothing of a state a person sees`);
        return;
      }
      for (const leaf of activeLeaves(entry.machine, state)) {
        if (!leaf.description || !expected.includes(leaf.description)) {
          problems.push(`${where} ${label}: does not describe the reached state ${leaf.id}`);
        }
      }
      const alert = alertOf(state);
      const quoted = [...expected.matchAll(/The alert reads: "(.*?)"(?=$|\. )/g)].map((m) => m[1]);
      if (alert && !quoted.includes(alert)) problems.push(`${where} ${label}: misses the alert "${alert}"`);
      for (const q of quoted) {
        if (q !== alert)
          problems.push(`${where} ${label}: quotes the alert "${q}", which the reached state does not show`);
      }
      if (expected !== expectationOf(entry, state))
        problems.push(`${where} ${label}: expectation differs from the reached state`);
    };
    // A failure whose Expect reads as before (nothing to tell it from success) is no check at all.
    s.steps.forEach((step, n) => {
      const failed = s.path.steps
        .slice(step.firstStep, step.lastStep + 1)
        .some((st) => st.event.type.startsWith('xstate.error.actor.'));
      const previous = n ? s.steps[n - 1]!.expect : s.expect;
      if (
        failed &&
        !step.tells.length &&
        step.expect !== null &&
        step.expect === previous &&
        !/alert/i.test(step.expect)
      )
        problems.push(`${where} step ${n + 1}: its Expect cannot tell the failure from success`);
      if (/\((Field|Value) `/.test(step.action))
        problems.push(`${where} step ${n + 1}: machine field names in "${step.action}"`);
    });
    check(s.expect, s.steps.length ? s.steps[0]!.firstStep - 1 : s.path.steps.length - 1, 'start');
    s.steps.forEach((step, n) => {
      check(step.expect, step.lastStep, `step ${n + 1}`);
    });
  }
  return problems;
}
