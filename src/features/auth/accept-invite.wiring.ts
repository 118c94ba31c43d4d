/** The accept-invite page's real effects (unauthenticated API calls), in the page's own chunk. */
import { acceptInviteMachine } from '#machines/accept-invite.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import { acceptInvitation, checkInvitation } from '#src/api/team.ts';

export const liveAcceptInviteLogic = acceptInviteMachine.provide({
  actors: {
    checkInvitation: apiEffect(({ token }, signal) => checkInvitation(token, signal)),
    acceptInvitation: apiEffect((body) => acceptInvitation(body)),
  },
});
