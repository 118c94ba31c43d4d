import * as v from 'valibot';
import { Mailbox } from '../../../contracts/mailbox.ts';
import type { HttpServer } from '../harness.ts';

/** Reads the dev mailbox over HTTP, as a person (or the browser test) would. */
export async function mailbox(server: Pick<HttpServer, 'request'>) {
  const response = await server.request('/dev/mailbox.json');
  if (response.status !== 200) throw new Error(`mailbox answered ${response.status}`);
  return v.parse(Mailbox, await response.json());
}

/** The newest link to `path` sent to `to`, and its token. */
export async function latestLink(
  server: Pick<HttpServer, 'request'>,
  to: string,
  path: '/verify-email' | '/reset-password' | '/accept-invite',
) {
  const mails = await mailbox(server);
  const mail = mails.find((m) => m.to === to && m.links.some((link) => new URL(link).pathname === path));
  if (!mail)
    throw new Error(`no ${path} mail to ${to}; mailbox has: ${mails.map((m) => `${m.to} ${m.subject}`).join(', ')}`);
  const link = mail.links.find((l) => new URL(l).pathname === path)!;
  return { mail, link, token: new URL(link).searchParams.get('token')! };
}
