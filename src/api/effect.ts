/**
 * The one way a wiring gives a machine an effect that calls the API (or the identity provider): a
 * promise actor that hands the call the actor's input and its abort signal (the request is cancelled
 * when the machine leaves the state), and turns any failure into the machine's `Failure` (`toFailure`:
 * the server's or provider's message, empty when there was none, so the machine's own spec text wins;
 * whether the request got no answer; the HTTP status).
 *
 *   loadRules: apiEffect(({ resourceid }, signal) => getRules(resourceid, signal)),
 *   loadTypes: apiEffect((_, signal) => getVoucherTypes(signal)),        // no input
 *   deleteRule: apiEffect(({ availabilityid }, signal) => deleteRule(availabilityid, signal)),
 *                                       // answers nothing: the machine declares notProvided<void, …>
 *
 * A screen with its own failure wording (the pollers' "HTTP {status}: {statusText}") passes its mapping.
 *
 * A call whose actor was stopped (its signal aborted) never settles: its answer, or the AbortError the
 * cancelled request throws, belongs to nobody. This matters in development, where React's StrictMode
 * mounts every component twice: @xstate/react stops the first actor and starts it again from the same
 * snapshot, so the first run's promise actor is "active" again when its aborted request rejects, and the
 * machine would take that AbortError for the server's failure ("Could not load calendar bookings." with
 * a 200 in the network tab). `unlessAborted` is that rule for the few effects written with `fromPromise`.
 */
import { fromPromise } from 'xstate';
import { toFailure } from './errors.ts';

/** A promise that never settles: what a stopped actor's call answers. */
const never = <T>() => new Promise<T>(() => {});

/** `call`'s outcome, unless `signal` was aborted by then (the actor stopped): then nothing, ever. */
export async function unlessAborted<T>(signal: AbortSignal, call: () => Promise<T>): Promise<T> {
  try {
    const answer = await call();
    return signal.aborted ? never<T>() : answer;
  } catch (error) {
    if (signal.aborted) return never<T>();
    throw error;
  }
}

/** What the call must answer: the machine's output, or anything at all when the machine expects none. */
// biome-ignore lint/suspicious/noConfusingVoidType: machines declare an effect that answers nothing as void
type Answer<TOutput> = [TOutput] extends [void] ? unknown : NoInfer<TOutput>;

export function apiEffect<TOutput, TInput = void>(
  call: (input: TInput, signal: AbortSignal) => Promise<Answer<TOutput>>,
  failure: (error: unknown) => unknown = toFailure,
) {
  return fromPromise<TOutput, TInput>(async ({ input, signal }) => {
    try {
      return (await unlessAborted(signal, () => call(input, signal))) as TOutput;
    } catch (error) {
      throw failure(error);
    }
  });
}
