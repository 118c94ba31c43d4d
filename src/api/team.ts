/** The team (decision 026): the owner's calls, and the public invitation check and accept. */
import { MessageBody } from '#contracts/common.ts';
import {
  type InvitationAccept,
  InvitationCheckResponse,
  type InvitationRequest,
  type Role,
  Team,
} from '#contracts/team.ts';
import { api } from './client.ts';

const TEAM = '/api/businesses/me/team';

export const getTeam = (signal?: AbortSignal) => api.get(TEAM, Team, { signal });

/** 201 {message}: the same whether or not the address has an account. */
export const inviteMember = (body: InvitationRequest, signal?: AbortSignal) =>
  api.post(TEAM, MessageBody, body, { signal });

export const resendInvitation = (invitationid: string, signal?: AbortSignal) =>
  api.post(`${TEAM}/invitations/${encodeURIComponent(invitationid)}/resend`, MessageBody, undefined, { signal });

export const revokeInvitation = (invitationid: string, signal?: AbortSignal) =>
  api.delete(`${TEAM}/invitations/${encodeURIComponent(invitationid)}`, MessageBody, { signal });

/** 409 {message} when it would leave the business without an owner. */
export const changeRole = (userid: string, role: Role, signal?: AbortSignal) =>
  api.put(`${TEAM}/${encodeURIComponent(userid)}`, MessageBody, { role }, { signal });

/** 409 {message} for the last owner. */
export const removeMember = (userid: string, signal?: AbortSignal) =>
  api.delete(`${TEAM}/${encodeURIComponent(userid)}`, MessageBody, { signal });

/** Whether an invitation link can be used (400 TEAM_TEXTS.invalidInvitation when not); does not spend it. */
export const checkInvitation = (token: string, signal?: AbortSignal) =>
  api.post('/api/public/invitations/check', InvitationCheckResponse, { token }, { signal });

export const acceptInvitation = (body: InvitationAccept, signal?: AbortSignal) =>
  api.post('/api/public/invitations/accept', MessageBody, body, { signal });
