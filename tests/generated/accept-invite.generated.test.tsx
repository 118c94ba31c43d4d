/** Every transition of the accept-invite machine through the real /accept-invite page (signed out). */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { ROLE_LABELS, TEAM_TEXTS } from '#contracts/team.ts';
import {
  ACCEPT_INVITE_TEXTS,
  type AcceptInviteContext,
  type AcceptInviteInput,
} from '#machines/accept-invite.machine.ts';
import { acceptInviteEntry } from '#machines/samples/team.samples.ts';
import { AcceptInvitePage } from '#src/features/auth/accept-invite-page.tsx';
import { describeFlow, type Flow } from '#tests/generated/harness.tsx';

const tokenOf = (flow: Flow) => (flow.path.input as AcceptInviteInput).token;
const live = (flow: Flow) => flow.live().context as AcceptInviteContext;
const form = () => screen.getByRole('form', { name: 'Join the team' });
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const submitButton = () => screen.getByRole('button', { name: 'Join the team' }) as HTMLButtonElement;
const toLogin = () => screen.getByRole('link', { name: 'Go to Login' });

function expectForm(flow: Flow) {
  const { invitation, fieldErrors } = live(flow);
  const email = screen.getByLabelText('Email Address') as HTMLInputElement;
  expect(email.value).toBe(invitation!.email);
  expect(email.readOnly).toBe(true);
  expect((screen.getByLabelText('Role') as HTMLInputElement).value).toBe(ROLE_LABELS[invitation!.role]);
  screen.getByText(`${invitation!.businessname} invites you as ${ROLE_LABELS[invitation!.role]}.`);
  for (const [name, label] of [
    ['firstName', 'First Name'],
    ['lastName', 'Last Name'],
    ['password', 'Password'],
  ] as const) {
    const input = screen.getByLabelText(label);
    const message = fieldErrors[name];
    expect(input.getAttribute('aria-invalid')).toBe(message ? 'true' : null);
    if (message) screen.getByText(message);
  }
  expect(document.body.textContent).not.toContain(tokenOf(flow));
}

describeFlow(acceptInviteEntry, {
  url: (path) => {
    const { token } = path.input as AcceptInviteInput;
    return token ? `/accept-invite?token=${token}` : '/accept-invite';
  },
  render: (hooks) => <AcceptInvitePage {...hooks} />,
  perform: {
    'acceptInvite.submit': (e, flow) => {
      fireEvent.change(screen.getByLabelText('First Name'), { target: { value: e.firstName } });
      fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: e.lastName } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: e.password } });
      flow.memo.typed = { firstName: e.firstName, lastName: e.lastName, password: e.password };
      fireEvent.click(submitButton());
    },
    'acceptInvite.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
  },
  expectUi: {
    checking: (_s, flow) => {
      expect(screen.getByRole('status').textContent).toBe(ACCEPT_INVITE_TEXTS.checking);
      expect(screen.queryByLabelText('Password')).toBeNull();
      expect(flow.fakes.checkInvitation!.inputs.at(-1)).toEqual({ token: tokenOf(flow) });
      expect(document.body.textContent).not.toContain(tokenOf(flow));
    },
    unreachable: () => {
      expect(alertText()).toBe(ACCEPT_INVITE_TEXTS.unreachable);
      screen.getByRole('button', { name: 'Try again' });
      expect(screen.queryByLabelText('Password')).toBeNull();
    },
    failed: (_s, flow) => {
      expect(alertText()).toBe(TEAM_TEXTS.invalidInvitation);
      expect(toLogin().getAttribute('href')).toBe('/login');
      expect(screen.queryByRole('form')).toBeNull();
      if (!tokenOf(flow)) expect(flow.fakes.checkInvitation?.calls ?? 0).toBe(0);
    },
    'form.editing': (_s, flow) => {
      expectForm(flow);
      expect(alertText()).toBeNull();
      expect(submitButton().disabled).toBe(false);
    },
    'form.invalid': (_s, flow) => {
      expectForm(flow);
      const { fieldErrors } = live(flow);
      const labels = { firstName: 'First Name', lastName: 'Last Name', password: 'Password' } as const;
      const first = (['firstName', 'lastName', 'password'] as const).find((name) => fieldErrors[name]);
      expect(first).toBeDefined();
      // The first field that says why has the focus.
      expect(document.activeElement).toBe(screen.getByLabelText(labels[first!]));
    },
    'form.refused': (_s, flow) => {
      expectForm(flow);
      expect(within(form()).getByRole('alert').textContent).toBe(live(flow).error);
    },
    submitting: (_s, flow) => {
      expect(within(form()).getByRole('status').textContent).toBe(ACCEPT_INVITE_TEXTS.joining);
      expect(submitButton().disabled).toBe(true);
      expect(flow.fakes.acceptInvitation!.inputs.at(-1)).toEqual({
        token: tokenOf(flow),
        ...(flow.memo.typed as object),
      });
    },
    succeeded: () => {
      expect(screen.getByRole('status').textContent).toBe(TEAM_TEXTS.accepted);
      expect(toLogin().getAttribute('href')).toBe('/login');
    },
  },
});
