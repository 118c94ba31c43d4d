/**
 * What a state shows, by name. Views decide what to render with `state.hasTag(...)`, not with state
 * names, so a machine can split, nest or rename states without its views changing; a view calls
 * `state.matches` only where one particular state is the point (which dialog is open, which page).
 *
 * Every flow speaks this vocabulary; a machine with two actions that can be on their way at different
 * places adds a tag named after what shows (chat's `sending`, the followers' `exporting`). Declare tags
 * as arrays (`tags: ['busy']`): the statechart inspector reads them as lists, and
 * tests/unit/machine-tags.test.ts fails on a bare string.
 */
export type ViewTag =
  /** Nothing to show yet: placeholders or "Loading ..." stand where the data will be. */
  | 'loading'
  /** The part's data is on screen (an empty list says so from the data). */
  | 'ready'
  /** A request is on its way: the part is aria-busy, the button that waits reads "...ing", controls wait. */
  | 'busy'
  /**
   * The state is there to show the machine's `error` in place of what failed: a part that could not
   * load (`LoadError` with "Try again"), a form the server refused (the form's alert). Elsewhere a
   * non-null `error` is an `<Alert>` beside what still works (e.g. "Could not delete voucher." above the list).
   */
  | 'error'
  /** A destructive question is open (`ConfirmDialog`), also while its action runs: confirmThenRun's states. */
  | 'confirm';
