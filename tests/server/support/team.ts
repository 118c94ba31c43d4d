import { decodeJwt } from 'jose';
import type { Role } from '#contracts/team.ts';
import type { HttpServer } from '../harness.ts';
import { srpTokens } from './amplify.ts';
import { latestLink } from './mailbox.ts';

/**
 * A member of an owner's team, made as a person becomes one: the owner invites the address, the
 * accept-invite link is read from the mailbox, the invitation is accepted, the member signs in with SRP.
 */
export type SignedInMember = { userid: string; email: string; password: string; firstName: string; token: string };

export const MEMBER_PASSWORD = 'Member#Counter2026';

export async function invite(server: Pick<HttpServer, 'api'>, ownerToken: string, email: string, role: Role) {
  return server.api('POST', '/api/businesses/me/team', { token: ownerToken, body: { email, role } });
}

/** The token of the newest invitation mailed to `email`. */
export async function invitationToken(server: Pick<HttpServer, 'request'>, email: string) {
  return (await latestLink(server, email, '/accept-invite')).token;
}

export async function accept(
  server: Pick<HttpServer, 'api'>,
  token: string,
  input: { firstName?: string; lastName?: string; password?: string } = {},
) {
  return server.api('POST', '/api/public/invitations/accept', {
    body: {
      token,
      firstName: input.firstName ?? 'Sam',
      lastName: input.lastName ?? 'Member',
      password: input.password ?? MEMBER_PASSWORD,
    },
  });
}

export async function signedInMember(
  server: HttpServer,
  ownerToken: string,
  input: { email: string; role: Role; firstName?: string },
): Promise<SignedInMember> {
  const invited = await invite(server, ownerToken, input.email, input.role);
  if (invited.status !== 201) throw new Error(`the invitation answered ${invited.status}: ${await invited.text()}`);
  const firstName = input.firstName ?? 'Sam';
  const accepted = await accept(server, await invitationToken(server, input.email), { firstName });
  if (accepted.status !== 201) throw new Error(`accepting answered ${accepted.status}: ${await accepted.text()}`);
  const { AccessToken: token } = await srpTokens(server, input.email, MEMBER_PASSWORD);
  return { userid: String(decodeJwt(token).sub), email: input.email, password: MEMBER_PASSWORD, firstName, token };
}
