/**
 * Every transition of the sign-in machine, played through the real Login and Set New Password pages
 * (one SignInFlowProvider, wouter in memory), with the identity effects faked.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { Route, Switch } from 'wouter';
import { resendVerificationMachine } from '#machines/resend-verification.machine.ts';
import { signInEntry } from '#machines/samples/sign-in.samples.ts';
import { signInMessages } from '#machines/sign-in.machine.ts';
import { LoginPage, NewPasswordPage, SignInFlowProvider } from '#src/features/auth/index.ts';
import { type Controllable, controllable, describeFlow, type Flow } from '#tests/generated/harness.tsx';

const form = (name: string) => screen.getByRole('form', { name });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
// The form's own status is its last one (an offer to resend a verification mail has its own above it).
const status = (name: string) => within(form(name)).getAllByRole('status').at(-1)?.textContent;
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const resendFake = (flow: Flow) => flow.memo.resend as Controllable<void, { email: string }>;

/** Login page: form without error, nothing in progress. */
function expectLoginReady() {
  expect(alertText()).toBeNull();
  expect(status('Sign in')).toBe('');
  expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
}

function expectOnNewPasswordPage(flow: Flow) {
  expect(flow.location()).toBe('/new-password-required');
  screen.getByRole('heading', { name: 'Set a new password' });
}

describeFlow(signInEntry, {
  url: '/login',
  render: (hooks, flow) => {
    const resend = controllable<void, { email: string }>();
    flow.memo.resend = resend;
    const resendVerification = {
      logic: resendVerificationMachine.provide({ actors: { resendVerification: resend.logic } }),
    };
    return (
      <SignInFlowProvider {...hooks} onSignedIn={flow.spy('onSignedIn')}>
        <Switch>
          <Route path="/login">
            <LoginPage resendVerification={resendVerification} />
          </Route>
          <Route path="/new-password-required" component={NewPasswordPage} />
        </Switch>
      </SignInFlowProvider>
    );
  },
  perform: {
    'signIn.submit': (e, flow) => {
      // From the new-password page the owner goes back with the page's own link.
      if (flow.location() !== '/login') fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
      type('Email', e.email);
      type('Password', e.password);
      flow.memo.password = e.password;
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    },
    'signIn.restart': () => fireEvent.click(screen.getByRole('button', { name: 'Sign in again' })),
    'signIn.submitNewPassword': (e, flow) => {
      // Without a challenge the owner can still open the page by its address.
      if (flow.location() !== '/new-password-required') flow.navigate('/new-password-required');
      type('New Password', e.newPassword);
      type('Confirm New Password', e.confirmPassword);
      flow.memo.newPassword = e.newPassword;
      fireEvent.click(screen.getByRole('button', { name: 'Set New Password and Sign In' }));
    },
  },
  expectUi: {
    'ready.idle': (_s, flow) => {
      if (flow.location() === '/login') expectLoginReady();
      else expect(alertText()).toBeNull();
    },
    'ready.failed': (s) => expect(alertText()).toBe(s.context.error),
    'ready.unconfirmed': (_s, flow) => {
      expect(flow.location()).toBe('/login');
      expect(alertText()).toBe(signInMessages.unconfirmed);
      // The offer sends a new link to the address just typed, and nothing happens before it is pressed.
      const button = screen.getByRole('button', { name: 'Resend verification email' }) as HTMLButtonElement;
      expect(button.disabled).toBe(false);
      const before = resendFake(flow).calls;
      fireEvent.click(button);
      expect(resendFake(flow).calls).toBe(before + 1);
      expect(resendFake(flow).inputs.at(-1)).toEqual({ email: flow.fakes.signIn!.inputs.at(-1)?.email });
      expect(button.disabled).toBe(true);
    },
    'ready.expired': (_s, flow) => {
      expect(flow.location()).toBe('/new-password-required');
      screen.getByRole('heading', { name: 'Sign-in expired' });
      expect(alertText()).toBe(signInMessages.challengeExpired);
      expect(screen.queryByRole('form', { name: 'Set a new password' })).toBeNull();
      expect((screen.getByRole('button', { name: 'Sign in again' }) as HTMLButtonElement).disabled).toBe(false);
    },
    'ready.resetRequired': (_s, flow) => {
      expect(flow.location()).toBe('/login');
      expect(alertText()).toBe(signInMessages.resetRequired);
      screen.getByRole('button', { name: 'Reset password' });
    },
    signedIn: (_s, flow) => {
      expect(flow.spy('onSignedIn')).toHaveBeenCalled();
      expect(screen.getAllByRole('status').map((n) => n.textContent)).toContain('Signed in. Opening your portal…');
      expect(alertText()).toBeNull();
    },
    'ready.awaitingNewPassword.editing': (_s, flow) => {
      expectOnNewPasswordPage(flow);
      expect(alertText()).toBeNull();
    },
    'ready.awaitingNewPassword.invalid': (s, flow) => {
      expectOnNewPasswordPage(flow);
      expect(alertText()).toBe(s.context.error);
    },
    'ready.awaitingNewPassword.rejected': (s, flow) => {
      expectOnNewPasswordPage(flow);
      expect(alertText()).toBe(s.context.error);
    },
    'ready.awaitingNewPassword.confirming': (_s, flow) => {
      expectOnNewPasswordPage(flow);
      expect(status('Set a new password')).toBe('Setting your new password…');
      const button = screen.getByRole('button', { name: 'Set New Password and Sign In' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      // The typed password reaches the provider, and nothing else does.
      expect(flow.fakes.confirmNewPassword!.inputs.at(-1)).toEqual({ newPassword: flow.memo.newPassword });
    },
    submitting: (s, flow) => {
      expect(status('Sign in')).toBe('Signing in…');
      expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
      expect(alertText()).toBeNull();
      expect(flow.fakes.signIn!.inputs.at(-1)).toEqual({ email: s.context.email, password: flow.memo.password });
    },
    denying: (_s, flow) => {
      expect(flow.fakes.signOutDenied!.calls).toBeGreaterThan(0);
      expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual(
        expect.arrayContaining([expect.stringMatching(/…$/)]),
      );
      expect(flow.spy('onSignedIn')).not.toHaveBeenCalled();
    },
  },
});
