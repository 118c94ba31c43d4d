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
 */
import { fromPromise } from 'xstate';
import { toFailure } from './errors.ts';

/** What the call must answer: the machine's output, or anything at all when the machine expects none. */
// biome-ignore lint/suspicious/noConfusingVoidType: machines declare an effect that answers nothing as void
type Answer<TOutput> = [TOutput] extends [void] ? unknown : NoInfer<TOutput>;

export function apiEffect<TOutput, TInput = void>(
  call: (input: TInput, signal: AbortSignal) => Promise<Answer<TOutput>>,
  failure: (error: unknown) => unknown = toFailure,
) {
  return fromPromise<TOutput, TInput>(async ({ input, signal }) => {
    try {
      return (await call(input, signal)) as TOutput;
    } catch (error) {
      throw failure(error);
    }
  });
}
