/**
 * Every transition of the sign-in machine, played through the real Login and Set New Password pages
 * (one SignInFlowProvider, wouter in memory), with the identity effects faked.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { Route, Switch } from 'wouter';
import { signInEntry } from '#machines/samples/sign-in.samples.ts';
import { signInMessages } from '#machines/sign-in.machine.ts';
import { LoginPage, NewPasswordPage, SignInFlowProvider } from '#src/features/auth/index.ts';
import { describeFlow, type Flow } from '#tests/generated/harness.tsx';

const form = (name: string) => screen.getByRole('form', { name });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const status = (name: string) => within(form(name)).getByRole('status').textContent;
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

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
  render: (hooks, flow) => (
    <SignInFlowProvider {...hooks} onSignedIn={flow.spy('onSignedIn')}>
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/new-password-required" component={NewPasswordPage} />
      </Switch>
    </SignInFlowProvider>
  ),
  perform: {
    'signIn.submit': (e, flow) => {
      // From the new-password page the owner goes back with the page's own link.
      if (flow.location() !== '/login') fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
      type('Email', e.email);
      type('Password', e.password);
      flow.memo.password = e.password;
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    },
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
