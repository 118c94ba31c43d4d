import { and, desc, eq, sql } from 'drizzle-orm';
import type { Role } from '#contracts/team.ts';
import { mailOutbox } from '../db/schema.ts';
import type { AppDeps } from '../types.ts';
import type { DemoApp } from './demo-app.ts';

/**
 * The demo business's team (decision 026): a manager and a staff member, made as any member is made:
 * the owner invites them through the team API, the link is read from the outbox (the development
 * mailbox), and they accept it through the public API. They sign in with the demo password.
 */
export const DEMO_TEAM: ReadonlyArray<{ email: string; firstName: string; lastName: string; role: Role }> = [
  { email: 'manager@demo.local', firstName: 'Jonas', lastName: 'Berg', role: 'manager' },
  { email: 'staff@demo.local', firstName: 'Lena', lastName: 'Ortiz', role: 'staff' },
];

export async function seedDemoTeam(deps: AppDeps, app: DemoApp): Promise<number> {
  if (!deps.mailer.mailboxEnabled) {
    deps.log.info(
      'Demo team skipped: invitations are accepted through the development mailbox, which SMTP_URL turns off.',
    );
    return 0;
  }
  for (const member of DEMO_TEAM) {
    await app.asOwner('POST', '/api/businesses/me/team', { email: member.email, role: member.role });
    const [mail] = await deps.db
      .select({ links: mailOutbox.links })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, member.email), sql`${mailOutbox.subject} like 'You are invited%'`))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const link = mail?.links.find((l) => new URL(l).pathname === '/accept-invite');
    if (!link) throw new Error(`No invitation mail to ${member.email} in the outbox.`);
    await app.asPublic('POST', '/api/public/invitations/accept', {
      token: new URL(link).searchParams.get('token'),
      firstName: member.firstName,
      lastName: member.lastName,
      password: deps.env.DEMO_PASSWORD,
    });
  }
  return DEMO_TEAM.length;
}
