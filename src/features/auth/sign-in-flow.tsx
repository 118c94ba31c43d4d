/**
 * One sign-in actor for /login and /new-password-required, so the pending new-password challenge
 * survives the navigation between them. Mount it around the signed-out routes only: it then starts
 * fresh after every sign-out.
 */
import { createActorContext } from '@xstate/react';
import { type ReactNode, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { signInMachine } from '#machines/sign-in.machine.ts';
import { liveSignInLogic } from './sign-in.wiring.ts';
import { type TestHooks, useActorOptions } from './test-hooks.ts';

const SignInFlow = createActorContext(signInMachine);

export const useSignInRef = SignInFlow.useActorRef;
export const useSignInSelector = SignInFlow.useSelector;

export interface SignInFlowProviderProps extends TestHooks<typeof signInMachine> {
  children: ReactNode;
  /** A BusinessOwners member has signed in: reload the session (send session.loggedIn). */
  onSignedIn: () => void;
}

export function SignInFlowProvider({ children, onSignedIn, logic, options }: SignInFlowProviderProps) {
  const actorOptions = useActorOptions(options);
  const [location, navigate] = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  // The latest callback, without re-providing the machine on every render.
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;
  const provided = useMemo(
    () =>
      (logic ?? liveSignInLogic).provide({
        actions: {
          notifySignedIn: () => onSignedInRef.current(),
          goToNewPassword: () => navigate('/new-password-required'),
          goToLogin: () => {
            if (locationRef.current !== '/login') navigate('/login');
          },
        },
      }),
    [logic, navigate],
  );
  return (
    <SignInFlow.Provider logic={provided} options={actorOptions}>
      {children}
    </SignInFlow.Provider>
  );
}
