/**
 * Every page of the portal, once. The router's routes, the sidebar's entries and groups, and the page's
 * part of the tab title (tab-title.ts) are all derived from these tables: adding a signed-in page is one
 * row in PAGES.
 *
 *   { path: '/vouchers', title: 'Voucher Management', nav: { label: 'Management', group: 'vouchers' },
 *     page: lazyModule(() => import('#src/features/vouchers/vouchers-page.tsx')) },
 *
 * `page` is the page's own chunk (its default export renders it with PageProps); it is loaded before the
 * page is shown. The order of the rows is the order of the sidebar; a group sits where its first row is.
 * `role` is the least role that may use the page (decision 026): a member sees only the rows their role
 * meets (`pagesFor`), in the sidebar, the routes and the tab titles; another row's path redirects to the
 * dashboard with TEAM_TEXTS.pageNotAllowed.
 */
import type { ComponentType } from 'react';
import { hasRole, type Role } from '#contracts/team.ts';
import type { NavGroup } from '#machines/shell.machine.ts';
import { type LazyModule, lazyModule } from '#src/lib/lazy-module.ts';
import type { PageModule } from '#src/lib/page.ts';
import { CalendarIcon, HomeIcon, PackageIcon, TeamIcon, TicketIcon, UsersIcon } from '#src/ui/icons.tsx';

export type { PageModule, PageProps } from '#src/lib/page.ts';

export type NavEntry = { label: string; group: NavGroup } | { label: string; icon: ComponentType };

export interface PageRow {
  /** The route, in wouter's syntax ('/vouchers/:id'). */
  path: string;
  /** The tab title, and a placeholder's heading. */
  title: string;
  /** The sidebar entry: its label, and either the group it sits in or its own icon. */
  nav?: NavEntry;
  /** The page's chunk. */
  page: LazyModule<PageModule>;
  /** The least role that may use the page (staff < manager < owner). */
  role: Role;
}

/** The signed-in pages of spec §2, in sidebar order. Any other signed-in path redirects to /. */
export const PAGES: readonly PageRow[] = [
  {
    path: '/',
    role: 'staff',
    title: 'Dashboard',
    nav: { label: 'Dashboard', icon: HomeIcon },
    page: lazyModule(() => import('#src/features/dashboard/dashboard-page.tsx')),
  },
  {
    path: '/vouchers',
    role: 'manager',
    title: 'Voucher Management',
    nav: { label: 'Management', group: 'vouchers' },
    page: lazyModule(() => import('#src/features/vouchers/vouchers-page.tsx')),
  },
  {
    path: '/vouchers/redeem',
    role: 'staff',
    title: 'Redeem a Voucher',
    nav: { label: 'Redeem Code', group: 'vouchers' },
    page: lazyModule(() => import('#src/features/redeem/redeem-page.tsx')),
  },
  {
    path: '/bookings/calendar',
    role: 'staff',
    title: 'Bookings Calendar',
    nav: { label: 'Calendar', group: 'bookings' },
    page: lazyModule(() => import('#src/features/bookings/calendar-page.tsx')),
  },
  {
    path: '/bookings/setup',
    role: 'manager',
    title: 'Booking Setup',
    nav: { label: 'Setup', group: 'bookings' },
    page: lazyModule(() => import('#src/features/bookings/setup-page.tsx')),
  },
  {
    path: '/customers',
    role: 'staff',
    title: 'Your Followers',
    nav: { label: 'Customers', icon: UsersIcon },
    page: lazyModule(() => import('#src/features/customers/followers-page.tsx')),
  },
  {
    path: '/package',
    role: 'owner',
    title: 'My Package',
    nav: { label: 'My Package', icon: PackageIcon },
    page: lazyModule(() => import('#src/features/package/package-page.tsx')),
  },
  {
    path: '/team',
    role: 'owner',
    title: 'Team',
    nav: { label: 'Team', icon: TeamIcon },
    page: lazyModule(() => import('#src/features/team/team-page.tsx')),
  },
];

/** The pages a member with `role` may use, in sidebar order (the dashboard is everyone's). */
export const pagesFor = (role: Role): readonly PageRow[] => PAGES.filter((row) => hasRole(role, row.role));

/** The sidebar's groups: only one is open at a time (the shell machine). */
export const NAV_GROUPS: Record<NavGroup, { label: string; icon: ComponentType }> = {
  vouchers: { label: 'Vouchers', icon: TicketIcon },
  bookings: { label: 'Bookings', icon: CalendarIcon },
};

export type SidebarItem =
  | { kind: 'link'; href: string; label: string; icon: ComponentType; row: PageRow }
  | {
      kind: 'group';
      group: NavGroup;
      label: string;
      icon: ComponentType;
      links: Array<{ href: string; label: string; row: PageRow }>;
    };

/** The sidebar, in row order: links, and groups where their first row is. */
export function sidebarItems(rows: readonly PageRow[] = PAGES): SidebarItem[] {
  const items: SidebarItem[] = [];
  for (const row of rows) {
    if (!row.nav) continue;
    const { nav } = row;
    if ('icon' in nav) {
      items.push({ kind: 'link', href: row.path, label: nav.label, icon: nav.icon, row });
      continue;
    }
    let group = items.find((item) => item.kind === 'group' && item.group === nav.group);
    if (!group) {
      group = { kind: 'group', group: nav.group, ...NAV_GROUPS[nav.group], links: [] };
      items.push(group);
    }
    if (group.kind === 'group') group.links.push({ href: row.path, label: nav.label, row });
  }
  return items;
}

/** The group of the page at `path` (the shell opens it), or null. */
export const groupOfPage = (row: PageRow | undefined): NavGroup | null =>
  row?.nav && 'group' in row.nav ? row.nav.group : null;

// ---------------------------------------------------------------------------------------------------
// The pages of the signed-out visitor and the two that work either way (spec §2), all in the auth chunk.

type AuthModule = typeof import('#src/features/auth/index.ts');
type AuthPageName = {
  [K in keyof AuthModule]: K extends `${string}Page` ? K : never;
}[keyof AuthModule];

/** The auth feature (its pages and the sign-in flow) is one chunk, loaded before a signed-out page shows. */
export const authChunk: LazyModule<AuthModule> = lazyModule(() => import('#src/features/auth/index.ts'));

export interface AuthRow {
  path: string;
  title: string;
  /** The export of src/features/auth/index.ts that renders it. */
  component: AuthPageName;
  /** 'always': shown whether or not someone is signed in; 'signedOut': only to a signed-out visitor. */
  access: 'always' | 'signedOut';
}

export const AUTH_PAGES: readonly AuthRow[] = [
  { path: '/verify-email', title: 'Verify your email', component: 'VerifyEmailPage', access: 'always' },
  { path: '/reset-password', title: 'Reset your password', component: 'ResetPasswordPage', access: 'always' },
  { path: '/accept-invite', title: 'Join the team', component: 'AcceptInvitePage', access: 'always' },
  { path: '/login', title: 'Sign in', component: 'LoginPage', access: 'signedOut' },
  { path: '/register', title: 'Register Your Business', component: 'RegisterPage', access: 'signedOut' },
  { path: '/new-password-required', title: 'Set a new password', component: 'NewPasswordPage', access: 'signedOut' },
];
