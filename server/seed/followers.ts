import { simulateInProcess, spreadOver } from '../sim/in-process.ts';
import type { AppDeps } from '../types.ts';
import { demoCustomer } from './demo-app.ts';

export const DEMO_FOLLOWERS = 45;
export const DEMO_FOLLOWER_WEEKS = 8;

/**
 * The demo business's followers: 45 customers who signed up, verified and followed through the
 * customer API (the simulator's code path, in-process), spread over the last 8 weeks, oldest first: the
 * n-th is demoCustomer(n). Needs the development mailbox (no SMTP_URL); without it the demo simply
 * starts with no followers.
 */
export async function seedDemoFollowers(deps: AppDeps, businessid: string): Promise<number> {
  if (!deps.mailer.mailboxEnabled) {
    deps.log.info('Demo followers skipped: they verify through the development mailbox, which SMTP_URL turns off.');
    return 0;
  }
  const people = Array.from({ length: DEMO_FOLLOWERS }, (_, i) => demoCustomer(i));
  return simulateInProcess(deps, {
    businessid,
    people,
    times: spreadOver(DEMO_FOLLOWER_WEEKS * 7, DEMO_FOLLOWERS, deps.clock()),
  });
}
