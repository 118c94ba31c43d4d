/**
 * The one shape of a destructive action (delete, archive): ask → run → done | failed.
 *
 *   const vouchers = setup({ ... });          // the machine's typed setup: the fragment builds its states
 *   export const vouchersMachine = vouchers.createMachine({ ... states: {
 *   ...confirmThenRun(vouchers)({
 *     ask: {
 *       state: 'confirmDelete',
 *       description: '"Confirm Deletion" asks, saying "This action cannot be undone.", ...',
 *       confirm: { event: 'vouchers.confirmDelete', description: 'Press "Confirm Delete"' },
 *       cancel: { event: 'vouchers.close', target: 'list', description: 'Press "Cancel" (or Escape)' },
 *     },
 *     run: {
 *       state: 'deleting',
 *       description: 'The voucher is being archived; "Confirm Delete" reads "Deleting..."',
 *       invoke: { id: 'archiveVoucher', src: 'archiveVoucher', input: ..., onDone: {...}, onError: {...} },
 *     },
 *   }),
 *
 * (called in two steps so that the machine's types are fixed before the states are typed: `assign` in
 * onError then knows the context) gives the two sibling states to spread into the parent's `states`. The question carries the tag
 * `confirm` (the view shows `ConfirmDialog` while it is on), the run `confirm` and `busy` (the dialog stays,
 * its action reads "Deleting..." and both buttons wait; Escape does nothing, the machine takes no cancel).
 * Where the run ends is the caller's: `onDone` (done: back to the list, a toast) and `onError` (failed:
 * back with the machine's `error` set, or the question asked again). Every state and transition keeps a
 * description written for a tester: the QA plans are made from them.
 */
/** A machine's typed setup (`setup({ ... })`), whose state configs the fragment builds. */
interface MachineSetup {
  createStateConfig: (config: never) => unknown;
}
/** A state node config of that machine, with its own context, events, actors and tags. */
type StateOf<S extends MachineSetup> = Parameters<S['createStateConfig']>[0];
type EventOf<S extends MachineSetup> = Extract<keyof NonNullable<StateOf<S>['on']>, string>;
type TagOf<S extends MachineSetup> =
  NonNullable<StateOf<S>['tags']> extends infer T ? (T extends readonly (infer E)[] ? E : T) : never;
type InvokeOf<S extends MachineSetup> = Exclude<StateOf<S>['invoke'], readonly unknown[] | string | undefined>;

export interface ConfirmThenRun<S extends MachineSetup, TAsk extends string, TRun extends string> {
  ask: {
    /** The question's state, e.g. 'confirmDelete'. */
    state: TAsk;
    description: string;
    /** The deliberate press that runs the action. */
    confirm: { event: EventOf<S>; description: string };
    /** The way out: the dialog's Cancel, ×, Escape and backdrop. */
    cancel: { event: EventOf<S>; target: string; description: string; actions?: unknown };
  };
  run: {
    /** The action's state, e.g. 'deleting'. */
    state: TRun;
    description: string;
    /** The effect, with where it ends: `onDone` and `onError` are required. */
    invoke: InvokeOf<S> & { onDone: unknown; onError: unknown };
  };
}

export function confirmThenRun<S extends MachineSetup>(
  _machine: S &
    ('confirm' | 'busy' extends TagOf<S> ? unknown : "the machine's tags must include 'confirm' and 'busy'"),
) {
  return <const TAsk extends string, const TRun extends string>({
    ask,
    run,
  }: ConfirmThenRun<S, TAsk, TRun>): Record<TAsk | TRun, StateOf<S>> => {
    const { event: cancelEvent, ...cancel } = ask.cancel;
    return {
      [ask.state]: {
        description: ask.description,
        tags: ['confirm'],
        on: {
          [ask.confirm.event]: { target: run.state, description: ask.confirm.description },
          [cancelEvent]: cancel,
        },
      },
      [run.state]: { description: run.description, tags: ['confirm', 'busy'], invoke: run.invoke },
    } as Record<TAsk | TRun, StateOf<S>>;
  };
}
