/**
 * The accept-invite page is opened from one mail, rarely: it is a chunk of its own, so the login page's
 * budget (the auth chunk) does not carry it. A short wait in the same card while it loads.
 */
import { lazy, Suspense } from 'react';
import { Spinner } from '#src/ui/spinner.tsx';
import type { AcceptInvitePageProps } from './accept-invite-page.tsx';
import { AuthLayout } from './auth-layout.tsx';

const Page = lazy(() => import('./accept-invite-page.tsx').then((m) => ({ default: m.AcceptInvitePage })));

export function AcceptInvitePage(props: AcceptInvitePageProps) {
  return (
    <Suspense
      fallback={
        <AuthLayout title="Join the team">
          <Spinner />
        </AuthLayout>
      }
    >
      <Page {...props} />
    </Suspense>
  );
}
