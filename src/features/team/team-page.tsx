/**
 * Team (/team, owner only; issue 25, decision 026): the members, the invitations waiting, and the
 * invitation form. The view renders the team machine and sends its events; one thing happens at a time.
 */
import { type FormEvent, useId, useState } from 'react';
import { ROLE_LABELS, type Role, type TeamMember } from '#contracts/team.ts';
import { memberName, ROLE_OPTIONS, TEAM_PAGE_TEXTS, type teamMachine } from '#machines/team.machine.ts';
import type { PageProps } from '#src/lib/page.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { Field } from '#src/ui/field.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Page } from '#src/ui/page.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveTeamLogic } from './team.wiring.ts';
import './team.css';
import { EmailText } from '#src/ui/email-text.tsx';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOf = (iso: string | null, format = day) => (iso ? format.format(new Date(iso)) : '—');

export interface TeamViewProps extends FlowHooks<typeof teamMachine> {
  /** The signed-in owner's userid: their own row has no controls. */
  me: string | null;
}

type TeamState = ReturnType<typeof useFlowActor<typeof teamMachine>>[0];
type TeamSend = ReturnType<typeof useFlowActor<typeof teamMachine>>[1];

export function TeamView({ me, logic = liveTeamLogic, options }: TeamViewProps) {
  const [state, send] = useFlowActor(logic, { options });
  const { team, error, notice, selected } = state.context;
  const members = team?.filter((m) => m.status === 'active') ?? [];
  const invitations = team?.filter((m) => m.status === 'invited') ?? [];
  const confirming = state.hasTag('confirm');
  const toRemove = members.find((m) => m.userid === selected);
  const cancel = { type: 'team.cancel' } as const;
  const confirm = { type: 'team.confirmRemove' } as const;

  return (
    <Page title="Team" subtitle="The people who work with you, each with their own sign-in and role.">
      <p role="status" className="team-notice">
        {notice ?? ''}
      </p>
      {state.hasTag('ready') && !confirming && <Alert text={error} />}
      <section
        className="card team-section"
        aria-labelledby="team-members"
        aria-busy={state.hasTag('busy') || undefined}
      >
        <h2 id="team-members">Members</h2>
        {state.hasTag('loading') && <Spinner label="Loading your team..." />}
        {state.hasTag('error') && (
          <LoadError text={error} onRetry={() => send({ type: 'team.retry' })} event="team.retry" />
        )}
        {team && (
          <>
            {members.length <= 1 && invitations.length === 0 && <p className="team-empty">{TEAM_PAGE_TEXTS.onlyYou}</p>}
            <ul className="team-list">
              {members.map((m) => (
                <MemberRow key={m.userid} member={m} me={me} state={state} send={send} />
              ))}
            </ul>
          </>
        )}
      </section>
      {team && (
        <section className="card team-section" aria-labelledby="team-invitations">
          <h2 id="team-invitations">Invitations waiting</h2>
          {invitations.length === 0 ? (
            <p className="team-empty">{TEAM_PAGE_TEXTS.noInvitations}</p>
          ) : (
            <ul className="team-list">
              {invitations.map((m) => (
                <InvitationRow key={m.invitationid} invitation={m} state={state} send={send} />
              ))}
            </ul>
          )}
        </section>
      )}
      {/* Last: it appears once the team is in, and above the lists it would push them down (decision 031). */}
      {state.hasTag('ready') && <InviteForm state={state} send={send} />}
      {confirming && toRemove && (
        <ConfirmDialog
          title={TEAM_PAGE_TEXTS.removeTitle}
          busy={state.hasTag('busy')}
          error={error}
          cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
          confirm={{
            label: 'Remove',
            busyLabel: 'Removing...',
            onClick: () => send(confirm),
            control: enabledFor(state, confirm),
          }}
        >
          <p className="confirm-warning">{TEAM_PAGE_TEXTS.removeQuestion(memberName(toRemove))}</p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

function InviteForm({ state, send }: { state: TeamState; send: TeamSend }) {
  const ids = useId();
  const { inviteErrors, sent } = state.context;
  const inviting = state.matches({ ready: 'inviting' });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    send({ type: 'team.invite', email: String(data.get('email') ?? ''), role: String(data.get('role') ?? '') });
  };
  const control = enabledFor(state, { type: 'team.invite', email: '', role: 'staff' });
  return (
    <section className="card team-section" aria-labelledby="team-invite">
      <h2 id="team-invite">Invite a team member</h2>
      {/* A new key after each invitation sent: the form starts empty again. */}
      <form key={sent} className="team-invite" noValidate aria-label="Invite a team member" onSubmit={submit}>
        <Field label="Email" name="email" type="email" autoComplete="off" required error={inviteErrors.email} />
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-role`}>
            Role
          </label>
          <select
            id={`${ids}-role`}
            name="role"
            className="input"
            defaultValue="staff"
            aria-invalid={inviteErrors.role ? true : undefined}
            aria-describedby={`${ids}-role-hint`}
          >
            {ROLE_OPTIONS.map(({ role, label }) => (
              <option key={role} value={role}>
                {label}
              </option>
            ))}
          </select>
          <p id={`${ids}-role-hint`} className="field-hint">
            Staff: dashboard, Redeem Code, Calendar, messages and customers. Manager: everything but the team and My
            Package. Owner: everything.
          </p>
          {inviteErrors.role && <p className="field-error">{inviteErrors.role}</p>}
        </div>
        <Button type="submit" {...control}>
          {inviting ? 'Sending...' : 'Send Invitation'}
        </Button>
      </form>
    </section>
  );
}

function MemberRow({
  member,
  me,
  state,
  send,
}: {
  member: TeamMember;
  me: string | null;
  state: TeamState;
  send: TeamSend;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<Role>(member.role);
  const name = memberName(member);
  const userid = member.userid!;
  const mine = member.userid === me;
  const acting = state.context.selected === userid;
  const change = { type: 'team.changeRole', userid, role: draft } as const;
  const changeControl = enabledFor(state, change);
  const remove = { type: 'team.remove', userid } as const;
  return (
    <li className="team-row">
      <div className="team-who">
        <span className="team-name">
          {name}
          {mine && ' (you)'}
        </span>
        <span className="team-email">
          <EmailText email={member.email} />
        </span>
        <span className="team-meta">
          {ROLE_LABELS[member.role]} · Joined {dateOf(member.joinedat)}
        </span>
      </div>
      {!mine && (
        <div className="team-actions">
          <label className="visually-hidden" htmlFor={`${ids}-role`}>
            {`Role for ${name}`}
          </label>
          <select
            id={`${ids}-role`}
            className="input team-role"
            value={draft}
            onChange={(e) => setDraft(e.target.value as Role)}
          >
            {ROLE_OPTIONS.map(({ role, label }) => (
              <option key={role} value={role}>
                {label}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            aria-label={`Change role: ${name}`}
            {...changeControl}
            disabled={changeControl.disabled || draft === member.role}
            onClick={() => send(change)}
          >
            {acting && state.matches({ ready: 'changingRole' }) ? 'Saving...' : 'Change role'}
          </Button>
          <Button
            variant="secondary"
            aria-label={`Remove: ${name}`}
            {...enabledFor(state, remove)}
            onClick={() => send(remove)}
          >
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

function InvitationRow({ invitation, state, send }: { invitation: TeamMember; state: TeamState; send: TeamSend }) {
  const invitationid = invitation.invitationid!;
  const acting = state.context.selected === invitationid;
  const resend = { type: 'team.resend', invitationid } as const;
  const revoke = { type: 'team.revoke', invitationid } as const;
  return (
    <li className="team-row">
      <div className="team-who">
        <span className="team-name">
          <EmailText email={invitation.email} />
        </span>
        <span className="team-meta">
          {ROLE_LABELS[invitation.role]} · Invited {dateOf(invitation.invitedat, dayTime)}
        </span>
      </div>
      <div className="team-actions">
        <Button
          variant="secondary"
          aria-label={`Resend: ${invitation.email}`}
          {...enabledFor(state, resend)}
          onClick={() => send(resend)}
        >
          {acting && state.matches({ ready: 'resending' }) ? 'Sending...' : 'Resend'}
        </Button>
        <Button
          variant="secondary"
          aria-label={`Revoke: ${invitation.email}`}
          {...enabledFor(state, revoke)}
          onClick={() => send(revoke)}
        >
          {acting && state.matches({ ready: 'revoking' }) ? 'Revoking...' : 'Revoke'}
        </Button>
      </div>
    </li>
  );
}

export default function TeamPage({ user }: PageProps) {
  return <TeamView me={user?.userid ?? null} />;
}
