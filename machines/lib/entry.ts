/**
 * What the path generator and the QA plan generator need to know about a machine: the generated tests
 * and the QA plans are both built from it, so they always describe the same scenarios.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, InputFrom } from 'xstate';

/** A person a tester signs in as (or whose account a scenario needs). */
export interface Account {
  /** How the plan names them, e.g. "the demo owner". */
  name: string;
  email: string;
  password: string;
  /** The command that makes the account, when the seed does not (run with the server stopped). */
  create?: string;
}

/** Where a scenario starts: the page, and who the tester is there. */
export interface Start {
  /** Path and query on the portal, e.g. "/login" or "/verify-email?token=<token from the e-mail>". */
  url: string;
  /** Signed in as this account; absent: signed out. */
  signedInAs?: Account;
  /** How to get the URL when it is not typed by hand, e.g. "the link in the newest mail at /dev/mailbox". */
  via?: string;
  /** What to do once the page is open to reach the first state, e.g. 'press "Profile" in the top bar'. */
  andThen?: string;
  /** Anything else to know or prepare before starting. */
  note?: string;
  /** Accounts that must exist first (made with their `create` command). */
  accounts?: Account[];
}

/**
 * How a tester performs or arranges one sample event. User events are described by their transition;
 * invoked-actor outcomes (an answer of the server or identity provider) usually need arranging.
 */
export interface SampleNote {
  /** Plain words for the step's data, instead of "with Email `…`" ('' for none). */
  say?: string;
  /** The whole step in plain words, instead of the transition's description and the data. */
  action?: string;
  /** The scenario needs this account; the user step that causes this outcome types its e-mail and password. */
  uses?: Account;
  /** The user step that causes this outcome types these values instead of the sample's. */
  typed?: Record<string, string>;
  /** What to arrange before the step that causes this outcome (e.g. "stop the server"). */
  arrange?: string;
  /** True when the events before this one already bring the outcome about: `arrange` is then left out. */
  arrangeUnless?: (before: readonly AnyEventObject[]) => boolean;
  /** The scenario starts signed in as this account (an outcome of the page load). */
  signedInAs?: Account;
  /** Why a person cannot cause this outcome; the scenario then names the automated test that covers it. */
  notByHand?: string;
  /**
   * What tells this outcome apart when the state it reaches looks the same either way (e.g. a warning in
   * DevTools → Console): added to the step's Expect, so that it can tell failure from success.
   */
  tells?: string;
  /** Why a person cannot send this event in that state (e.g. its control is hidden there), if so. */
  notByHandIn?: (snapshot: AnyMachineSnapshot) => string | undefined;
}

export interface PlanInfo<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Where every scenario starts (for machines with input: per input, see `inputs`). */
  start?: Start | ((firstEvent: AnyEventObject | undefined) => Start);
  /** Event fields by the label a person sees on screen, e.g. `{ confirmPassword: 'Confirm New Password' }`. */
  fields?: Record<string, string>;
  /**
   * State ids (without the machine id) that invoke an effect yet last until the PERSON acts (e.g. the
   * browser asking for the location). Every other state with an invoke passes in a blink: it is not
   * "Expect"ed in the plan.
   */
  lasting?: readonly string[];
  /** The data a walk of this plan uses up (an account, a code, unread messages), and how to get it back. */
  usesUp?: string;
  /** What a state shows beyond its description, computed from the reached snapshot (e.g. an alert's text). */
  shows?: (snapshot: AnyMachineSnapshot & { machine: TMachine }) => string[];
  /** The page (path) a state is shown on, when the state or the event that led to it decides it (e.g. a redirect). */
  pageOf?: (snapshot: AnyMachineSnapshot & { machine: TMachine }, event: AnyEventObject) => string | undefined;
  /**
   * The page each user event's control is on, and how a person gets there from another page of the flow
   * (e.g. a link; typing the address would reload the app). A step on another page starts with that.
   */
  eventPages?: Record<string, { path: string; how?: string }>;
  /** The generated test file that plays these paths, named for scenarios that cannot be walked by hand. */
  test: string;
}

export interface MachineEntry<TMachine extends AnyStateMachine = AnyStateMachine> {
  machine: TMachine;
  /** Heading of the QA plan, e.g. "Sign in". */
  title: string;
  /**
   * Payloads for user events and outcomes for invoked actors (`xstate.done.actor.<id>` with `output`,
   * `xstate.error.actor.<id>` with `error`). Use values a tester can type (the seeded demo business and
   * owner): they are printed in the plan. Wrap one in `note(event, { … })` to say how a tester arranges it.
   */
  samples: readonly AnyEventObject[];
  /** What a person can see in a snapshot; two snapshots with the same key look the same. */
  uiKey: (snapshot: AnyMachineSnapshot) => unknown;
  /** Starting points for machines with input, e.g. a page opened with and without its token. */
  inputs?: ReadonlyArray<{ label: string; input: InputFrom<TMachine>; start: Start }>;
  /**
   * Why the real server cannot give these answers in this order (e.g. "Ready to Redeem" for a code that
   * was just looked up as already redeemed), else undefined. Samples are answers out of context: paths
   * whose events this refuses are never generated, so plans, generated tests and the inspector's replay
   * only play orders that can happen.
   */
  impossible?: (events: readonly AnyEventObject[]) => string | undefined;
  /**
   * Paths the covering set must also hold, beyond the transitions and samples (e.g. each slot reload with a
   * time chosen, which the same transitions taken from an empty form would cover): event sequences from
   * the start (`start`: the input's label, for machines with inputs).
   */
  scenarios?: ReadonlyArray<{ start?: string; events: readonly AnyEventObject[] }>;
  plan: PlanInfo<TMachine>;
}

/** Keeps the machine's own types while the entry is written, then stores it in the untyped list. */
export const defineEntry = <TMachine extends AnyStateMachine>(entry: MachineEntry<TMachine>) =>
  entry as unknown as MachineEntry;

const NOTE = Symbol('sample note');

/**
 * Attaches a tester's note to a sample event. The note is a non-enumerable symbol property: the machine,
 * JSON.stringify and the graph traversal never see it.
 */
export function note<E extends AnyEventObject>(event: E, how: SampleNote): E {
  Object.defineProperty(event, NOTE, { value: how, enumerable: false });
  return event;
}

/** The note of a sample, looked up by value so that copies of the event find it too. */
export function noteOf(entry: MachineEntry, event: AnyEventObject): SampleNote | undefined {
  const direct = (event as { [NOTE]?: SampleNote })[NOTE];
  if (direct) return direct;
  const key = JSON.stringify(event);
  const sample = entry.samples.find((s) => JSON.stringify(s) === key) as { [NOTE]?: SampleNote } | undefined;
  return sample?.[NOTE];
}

/** Invoked-actor outcomes as the graph traversal sends them. */
export const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const fail = (id: string, error: { message: string; name?: string; network?: boolean; status?: number }) => ({
  type: `xstate.error.actor.${id}`,
  error,
});

/** The usual key: which state, and whether an error is on screen (its text is asserted per path). */
export const stateAndError = (snapshot: AnyMachineSnapshot) => ({
  state: snapshot.value,
  error: !!snapshot.context?.error,
});
