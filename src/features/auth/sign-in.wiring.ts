/** The sign-in machine with its real effects: the identity adapter (the only module that knows Amplify). */
import { signInMachine } from '#machines/sign-in.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import { confirmNewPassword, preloadAuth, signIn, signOut } from '#src/auth/auth.ts';

export const liveSignInLogic = signInMachine.provide({
  actors: {
    signIn: apiEffect((input) => signIn(input.email, input.password)),
    confirmNewPassword: apiEffect((input) => confirmNewPassword(input.newPassword)),
    signOut: apiEffect(() => signOut()),
  },
});

/** The identity client is a chunk of its own: the login form starts fetching it when first touched. */
export const preloadSignIn = preloadAuth;
