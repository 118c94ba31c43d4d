/**
 * Every transition of the Team page, played through the real page with fake effects (the team, an
 * invitation, resend, revoke, a role change, a removal). The owner's own row has no controls.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { ROLE_LABELS, TEAM_TEXTS } from '#contracts/team.ts';
import { demoUser } from '#machines/samples/demo.samples.ts';
import { invitedRow, samRow, teamEntry } from '#machines/samples/team.samples.ts';
import { memberName, TEAM_PAGE_TEXTS, type TeamContext } from '#machines/team.machine.ts';
import { TeamView } from '#src/features/team/team-page.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const live = (flow: Flow) => flow.live().context as TeamContext;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const question = () => screen.queryByRole('alertdialog', { name: TEAM_PAGE_TEXTS.removeTitle });
const status = () => screen.getAllByRole('status').find((el) => el.classList.contains('team-notice'))!;

/** The list row whose name line starts with `name` (the member's name, or an invitation's e-mail). */
const rowOf = (name: string) => {
  const names = [...document.querySelectorAll('.team-name')].filter((el) => el.textContent?.startsWith(name));
  expect(names).toHaveLength(1);
  return names[0]!.closest('li')!;
};

function expectTeam(flow: Flow) {
  const { team } = live(flow);
  const members = team!.filter((m) => m.status === 'active');
  const invitations = team!.filter((m) => m.status === 'invited');
  for (const m of members) {
    const row = rowOf(memberName(m));
    expect(row.textContent).toContain(m.email);
    expect(row.textContent).toContain(`${ROLE_LABELS[m.role]} · Joined`);
    const mine = m.userid === demoUser.userid;
    // The owner's own row: no role change, no remove (absent, not disabled).
    expect(within(row).queryByRole('button', { name: /Remove/ }) === null).toBe(mine);
    expect(within(row).queryByRole('combobox') === null).toBe(mine);
  }
  for (const i of invitations) {
    const row = rowOf(i.email);
    expect(row.textContent).toContain(`${ROLE_LABELS[i.role]} · Invited`);
    within(row).getByRole('button', { name: `Resend: ${i.email}` });
    within(row).getByRole('button', { name: `Revoke: ${i.email}` });
  }
  if (invitations.length === 0) screen.getByText(TEAM_PAGE_TEXTS.noInvitations);
  expect(screen.queryByText(TEAM_PAGE_TEXTS.onlyYou) !== null).toBe(members.length <= 1 && invitations.length === 0);
  expect(status().textContent).toBe(live(flow).notice ?? '');
}

function expectIdle(flow: Flow) {
  expectTeam(flow);
  const { error, inviteErrors } = live(flow);
  if (error) expect(screen.getByRole('alert').textContent).toBe(error);
  else expect(screen.queryByRole('alert')).toBeNull();
  for (const message of Object.values(inviteErrors)) screen.getByText(message);
  expect(question()).toBeNull();
  expect((button('Send Invitation') as HTMLButtonElement).disabled).toBe(false);
}

describeFlow(teamEntry, {
  render: (hooks) => <TeamView me={demoUser.userid} {...hooks} />,
  perform: {
    'team.retry': () => fireEvent.click(button('Try again')),
    'team.invite': (e) => {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: e.email } });
      fireEvent.change(screen.getByLabelText('Role'), { target: { value: e.role } });
      fireEvent.click(button('Send Invitation'));
    },
    'team.resend': () => fireEvent.click(button(`Resend: ${invitedRow.email}`)),
    'team.revoke': () => fireEvent.click(button(`Revoke: ${invitedRow.email}`)),
    'team.changeRole': (e) => {
      const name = memberName(samRow);
      fireEvent.change(screen.getByLabelText(`Role for ${name}`), { target: { value: e.role } });
      fireEvent.click(button(`Change role: ${name}`));
    },
    'team.remove': () => fireEvent.click(button(`Remove: ${memberName(samRow)}`)),
    'team.confirmRemove': () => {
      const confirm = within(question()!).getByRole('button', { name: 'Remove' });
      confirm.focus();
      fireEvent.click(confirm);
    },
    'team.cancel': () => fireEvent.click(within(question()!).getByRole('button', { name: 'Cancel' })),
  },
  expectUi: {
    loading: () => {
      expect(screen.getByText('Loading your team...')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Send Invitation' })).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toContain(TEAM_PAGE_TEXTS.loadFailed);
      button('Try again');
    },
    'ready.idle': (_s, flow) => expectIdle(flow),
    'ready.inviting': (_s, flow) => {
      expect((button('Sending...') as HTMLButtonElement).disabled).toBe(true);
      expect(flow.fakes.invite?.inputs.at(-1)).toEqual({ email: 'rosa.diaz@demo.local', role: 'staff' });
    },
    'ready.resending': (_s, flow) => {
      expect(flow.fakes.resend?.inputs.at(-1)).toEqual({ invitationid: invitedRow.invitationid });
      expect((button(`Resend: ${invitedRow.email}`) as HTMLButtonElement).textContent).toBe('Sending...');
    },
    'ready.revoking': (_s, flow) => {
      expect(flow.fakes.revoke?.inputs.at(-1)).toEqual({ invitationid: invitedRow.invitationid });
      expect((button(`Revoke: ${invitedRow.email}`) as HTMLButtonElement).textContent).toBe('Revoking...');
    },
    'ready.changingRole': (_s, flow) => {
      expect(flow.fakes.changeRole?.inputs.at(-1)).toEqual({ userid: samRow.userid, role: 'manager' });
      expect(button(`Change role: ${memberName(samRow)}`).textContent).toBe('Saving...');
    },
    'ready.confirmRemove': (_s, flow) => {
      const q = within(question()!);
      q.getByText(TEAM_PAGE_TEXTS.removeQuestion(memberName(samRow)));
      expect(document.activeElement).toBe(q.getByRole('button', { name: 'Cancel' }));
      const { error } = live(flow);
      if (error) expect(q.getByRole('alert').textContent).toBe(error);
    },
    'ready.removing': (_s, flow) => {
      expect(within(question()!).getByRole('button', { name: 'Removing...' })).toBeTruthy();
      expect(flow.fakes.removeMember?.inputs.at(-1)).toEqual({ userid: samRow.userid });
    },
    'ready.reloading': (_s, flow) => {
      expect(question()).toBeNull();
      expect(status().textContent).toBe(live(flow).notice);
      expect([
        TEAM_TEXTS.invited('rosa.diaz@demo.local'),
        TEAM_TEXTS.resent,
        TEAM_TEXTS.revoked,
        TEAM_TEXTS.roleChanged,
        TEAM_TEXTS.removed,
      ]).toContain(live(flow).notice);
    },
  },
});
