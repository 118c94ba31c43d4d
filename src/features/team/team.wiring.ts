/** The real effects of the Team page (decision 026). */
import { teamMachine } from '#machines/team.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import { changeRole, getTeam, inviteMember, removeMember, resendInvitation, revokeInvitation } from '#src/api/team.ts';

export const liveTeamLogic = teamMachine.provide({
  actors: {
    loadTeam: apiEffect((_, signal) => getTeam(signal)),
    invite: apiEffect(({ email, role }, signal) => inviteMember({ email, role }, signal)),
    resend: apiEffect(({ invitationid }, signal) => resendInvitation(invitationid, signal)),
    revoke: apiEffect(({ invitationid }, signal) => revokeInvitation(invitationid, signal)),
    changeRole: apiEffect(({ userid, role }, signal) => changeRole(userid, role, signal)),
    removeMember: apiEffect(({ userid }, signal) => removeMember(userid, signal)),
  },
});
