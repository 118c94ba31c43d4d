/** The sign-in machine with its real effects: the identity adapter (the only module that knows Amplify). */
import { fromPromise } from 'xstate';
import { signInMachine } from '#machines/sign-in.machine.ts';
import { confirmNewPassword, preloadAuth, signIn, signOut } from '#src/auth/auth.ts';

export const liveSignInLogic = signInMachine.provide({
  actors: {
    signIn: fromPromise(({ input }) => signIn(input.email, input.password)),
    confirmNewPassword: fromPromise(({ input }) => confirmNewPassword(input.newPassword)),
    signOut: fromPromise(() => signOut()),
  },
});

/** The identity client is a chunk of its own: the login form starts fetching it when first touched. */
export const preloadSignIn = preloadAuth;
