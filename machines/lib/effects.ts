/**
 * Helpers shared by the flow machines. Machines stay pure: every effect is an actor whose default
 * implementation refuses to run, so a forgotten `machine.provide` fails loudly instead of silently.
 */
import { fromPromise } from 'xstate';

/** A promise actor placeholder that rejects until the app or a test provides the real one. */
export const notProvided = <TOutput, TInput = void>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided; pass it with machine.provide`);
  });

/**
 * How the wiring reports a failed call to a machine: the user-facing message it found (server body or
 * provider text; empty when there was none) and whether the request never reached the server. Machines
 * own the fallback texts, so the wiring passes no fallback of its own.
 */
export interface Failure {
  message: string;
  network?: boolean;
  /** Provider error name, e.g. UserNotConfirmedException. */
  name?: string;
  /** The HTTP status of a failed API call (e.g. 409 when someone else got there first). */
  status?: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The message a failure carries (an Error, a Failure or anything with `message`), else the fallback. */
export function failureText(error: unknown, fallback: string, networkText?: string): string {
  const failure = (error ?? {}) as Partial<Failure>;
  if (networkText && failure.network === true) return networkText;
  return text(failure.message) || fallback;
}

/**
 * A screen's failure under spec §8's general rule with the screen's own text as its fallback: the
 * server's message, else the request's own (a 200 of the wrong shape: "Invalid response format from
 * server"), else `text`. A request that got no answer also shows `text` ("Could not load vouchers." says
 * more than the general network sentence). Used where a machine shows a fixed §8 fallback.
 */
export const failureOr = (error: unknown, text: string): string => failureText(error, text, text);

/** The provider's error name (Amplify errors carry one), used to recognise a few conditions. */
export const failureName = (error: unknown): string => text((error as Partial<Failure> | null)?.name);
