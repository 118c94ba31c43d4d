/**
 * What a signed-in page module is: its default export renders the page with these props. Here rather
 * than in src/app so that a feature's page can name them without importing the app.
 */
import type { ComponentType } from 'react';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';

/** What every signed-in page is given (spec §2: the dashboard gets both profiles; vouchers the business). */
export interface PageProps {
  /** The row's title (a placeholder shows it as its heading). */
  title: string;
  user: UserProfile | null;
  business: BusinessProfile | null;
}

export type PageModule = { default: ComponentType<PageProps> };

/** What a page open signed in or out is given (the invitation page asks a signed-in visitor to sign out). */
export interface SessionAwareProps {
  signedIn?: boolean;
  onSignOut?: () => void;
}
