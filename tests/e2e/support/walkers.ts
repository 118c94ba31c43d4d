/**
 * How a script walks the QA plans (docs/test-plans) in Chromium, as a tester would: where to go, what to
 * press and type (the values the plan prints), and what each state looks like on the page. The alert a
 * plan quotes is checked for every state that shows one. Used by tests/e2e/plans-walk.test.ts.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MachineEntry } from '#machines/lib/entry.ts';
import {
  forgotPasswordEntry,
  registerEntry,
  resetPasswordEntry,
  verifyEmailEntry,
} from '#machines/samples/account.samples.ts';
import { businessProfileEntry } from '#machines/samples/business-profile.samples.ts';
import { demoOwner } from '#machines/samples/demo.samples.ts';
import { sessionEntry } from '#machines/samples/session.samples.ts';
import { shellEntry } from '#machines/samples/shell.samples.ts';
import { signInEntry } from '#machines/samples/sign-in.samples.ts';
import { fillSignIn, latestMailLink, pathOf, stack, uniqueEmail } from './browser.ts';

type Perform = (page: Page, event: any) => Promise<void>;
type Check = (page: Page, state: AnyMachineSnapshot) => Promise<void>;

export interface Walker {
  entry: MachineEntry;
  /**
   * The scenarios to walk, named by their event sequence (the generated test's name without the number);
   * "#n" picks the n-th of several scenarios with the same sequence.
   */
  walk: string[];
  /** The real address of a scenario whose plan URL is a link from an e-mail. */
  address?: (path: string, arrange: boolean) => Promise<string>;
  /** Before the page opens (e.g. a stand-in for the browser's location prompt). */
  prepare?: (page: Page) => Promise<void>;
  afterOpening?: (page: Page) => Promise<void>;
  perform: Record<string, Perform>;
  /** Per visible leaf state (id without the machine id). */
  check: Record<string, Check>;
}

const visible = (page: Page, role: Parameters<Page['getByRole']>[0], name: string) =>
  page.getByRole(role, { name, exact: true }).first().waitFor();
const noAlert = async (page: Page) => expect(await page.getByRole('alert').count()).toBe(0);
const atPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
const waitDelay = (entry: MachineEntry) => async (page: Page, event: AnyEventObject) => {
  const name = /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1] ?? '';
  await page.waitForTimeout(entry.machine.implementations.delays[name] as number);
};

/** An unverified owner registered through the API: the link of the verification mail. */
async function verificationLink(): Promise<string> {
  const email = uniqueEmail('walk.verify');
  const response = await fetch(`${stack.baseUrl}/api/public/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({
      firstName: 'Vera',
      lastName: 'Walker',
      email,
      password: 'Walker#2026pass',
      businessName: 'Vera Vintage',
    }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}`);
  return latestMailLink(email, '/verify-email');
}

const session: Walker = {
  entry: sessionEntry,
  walk: [
    'done.actor.checkSession(signed out) → session.loggedIn → done.actor.checkSession(signed in) → done.actor.fetchUser → done.actor.fetchBusiness',
  ],
  perform: { 'session.loggedIn': (page) => fillSignIn(page, demoOwner.email, demoOwner.password) },
  check: {
    unauthenticated: async (page) => {
      await atPath(page, '/login');
      await visible(page, 'heading', 'Sign in');
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    },
    authenticated: async (page, state) => {
      await visible(page, 'heading', `Welcome back, ${state.context.user.firstname}!`);
      expect(await page.getByRole('complementary', { name: 'Sidebar' }).textContent()).toContain(
        state.context.business.businessname,
      );
    },
  },
};

const loginFormReady = async (page: Page) => {
  await visible(page, 'form', 'Sign in');
  await noAlert(page);
};

const signIn: Walker = {
  entry: signInEntry,
  walk: [
    'signIn.submit → error.actor.signIn(NotAuthorizedException)',
    'signIn.submit → done.actor.signIn(confirmSignUp)',
    'signIn.submit → signIn.submitNewPassword',
    'signIn.submit → done.actor.signIn(resetPassword) → signIn.submit → done.actor.signIn(signedIn)',
    'signIn.submit → done.actor.signIn(newPasswordRequired) → signIn.submitNewPassword → error.actor.confirmNewPassword(InvalidPasswordException) → signIn.submitNewPassword',
    'signIn.submit → done.actor.signIn(newPasswordRequired) → signIn.submitNewPassword → done.actor.confirmNewPassword(signedIn)',
  ],
  perform: {
    'signIn.submit': async (page, e) => {
      if (pathOf(page) !== '/login') await page.getByRole('link', { name: 'Back to sign in' }).click();
      await fillSignIn(page, e.email, e.password);
    },
    'signIn.submitNewPassword': async (page, e) => {
      if (pathOf(page) !== '/new-password-required') await page.goto('/new-password-required');
      const form = page.getByRole('form', { name: 'Set a new password' });
      await form.getByLabel('New Password', { exact: true }).fill(e.newPassword);
      await form.getByLabel('Confirm New Password').fill(e.confirmPassword);
      await form.getByRole('button', { name: 'Set New Password and Sign In' }).click();
    },
  },
  check: {
    'ready.idle': async (page) => {
      if (pathOf(page) === '/login') return loginFormReady(page);
      await visible(page, 'heading', 'Set a new password');
      await noAlert(page);
    },
    'ready.failed': async () => {},
    'ready.unconfirmed': async () => {},
    'ready.resetRequired': async (page) => {
      await atPath(page, '/login');
      await visible(page, 'button', 'Reset password');
    },
    'ready.awaitingNewPassword.editing': async (page) => {
      await atPath(page, '/new-password-required');
      await visible(page, 'heading', 'Set a new password');
      await noAlert(page);
    },
    'ready.awaitingNewPassword.invalid': (page) => atPath(page, '/new-password-required'),
    'ready.awaitingNewPassword.rejected': (page) => atPath(page, '/new-password-required'),
    // The portal opens once the session has loaded.
    signedIn: (page) => visible(page, 'button', 'Sign Out'),
  },
};

const register: Walker = {
  entry: registerEntry,
  walk: [
    'register.submit → register.submit → done.actor.register',
    'register.submit → error.actor.register(An account with this email already exists. Try signing in or resetting your password.) → register.submit',
  ],
  perform: {
    'register.submit': async (page, e) => {
      const form = page.getByRole('form', { name: 'Register Your Business' });
      await form.getByLabel('First Name').fill(e.firstName);
      await form.getByLabel('Last Name').fill(e.lastName);
      await form.getByLabel('Email Address').fill(e.email);
      await form.getByLabel('Password', { exact: true }).fill(e.password);
      await form.getByLabel('Business Name').fill(e.businessName);
      await form.getByRole('button', { name: 'Register' }).click();
    },
  },
  check: {
    'form.editing': async (page) => {
      await visible(page, 'form', 'Register Your Business');
      await noAlert(page);
    },
    'form.invalid': (page) => visible(page, 'form', 'Register Your Business'),
    'form.failed': (page) => visible(page, 'form', 'Register Your Business'),
    succeeded: async (page) => {
      await visible(page, 'heading', 'Registration Successful!');
      await visible(page, 'link', 'Go to Login');
    },
  },
};

const verifyEmail: Walker = {
  entry: verifyEmailEntry,
  walk: [
    '[Open the verification link from the email] done.actor.verifyEmail → after.loginRedirect.verifyEmail.succeeded',
    '[Open the verification link from the email] error.actor.verifyEmail(This verification link has already been used. You can sign in.)',
    '[Open /verify-email without a token] (first screen)',
  ],
  address: async (path, arrange) => {
    if (!path.includes('token')) return path;
    const link = await verificationLink();
    // "Open the same link once before, so that this is its second use."
    if (arrange) await fetch(`${stack.baseUrl}/api/public/verify-email${new URL(link).search}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  },
  perform: { 'xstate.after.loginRedirect.verifyEmail.succeeded': waitDelay(verifyEmailEntry) },
  check: {
    missingToken: (page) => visible(page, 'heading', 'Verification Failed'),
    succeeded: async (page) => {
      await visible(page, 'heading', 'Verification Successful!');
      expect(pathOf(page)).toMatch(/^\/verify-email/);
    },
    failed: (page) => visible(page, 'heading', 'Verification Failed'),
    redirected: (page) => atPath(page, '/login'),
  },
};

const forgotPassword: Walker = {
  entry: forgotPasswordEntry,
  walk: ['forgotPassword.open → forgotPassword.submit → done.actor.requestPasswordReset → forgotPassword.close'],
  perform: {
    'forgotPassword.open': (page) => page.getByRole('button', { name: 'Forgot password?' }).click(),
    'forgotPassword.submit': async (page, e) => {
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill(e.email);
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    },
    'forgotPassword.close': async (page) => {
      const dialog = page.getByRole('dialog');
      const cancel = dialog.getByRole('button', { name: 'Cancel' });
      await ((await cancel.count()) ? cancel : dialog.getByRole('button', { name: 'Done' })).click();
    },
  },
  check: {
    closed: async (page) => {
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await visible(page, 'form', 'Sign in');
    },
    'open.form.editing': (page) => visible(page, 'heading', 'Forgot Password'),
    'open.form.invalid': (page) => visible(page, 'heading', 'Forgot Password'),
    'open.form.failed': (page) => visible(page, 'heading', 'Forgot Password'),
    'open.sent': (page) => visible(page, 'heading', 'Check Your Email'),
  },
};

const resetPassword: Walker = {
  entry: resetPasswordEntry,
  walk: [
    '[Open the reset link from the email] resetPassword.submit → resetPassword.submit',
    '[Open /reset-password without a token] (first screen)',
  ],
  address: async (path) => {
    if (!path.includes('token')) return path;
    // As the plan says: "Forgot password?" for the demo owner, then the link from the newest mail.
    const response = await fetch(`${stack.baseUrl}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ email: demoOwner.email }),
    });
    if (!response.ok) throw new Error(`reset request answered ${response.status}`);
    const url = new URL(await latestMailLink(demoOwner.email, '/reset-password'));
    return `${url.pathname}${url.search}`;
  },
  perform: {
    'resetPassword.submit': async (page, e) => {
      const form = page.getByRole('form', { name: 'Reset your password' });
      await form.getByLabel('New Password', { exact: true }).fill(e.newPassword);
      await form.getByLabel('Confirm New Password').fill(e.confirmPassword);
      await form.getByRole('button', { name: 'Reset Password' }).click();
    },
  },
  check: {
    missingToken: (page) => visible(page, 'button', 'Back to Login'),
    'form.editing': async (page) => {
      await visible(page, 'form', 'Reset your password');
      await noAlert(page);
    },
    'form.invalid': (page) => visible(page, 'form', 'Reset your password'),
  },
};

/** A stand-in for the browser's location prompt: the request waits until the walk answers it. */
const promptForLocation = async (page: Page) => {
  await page.addInitScript(() => {
    const pending: { answer?: (ok: boolean) => void } = {};
    (window as unknown as { __answerLocation: (ok: boolean) => void }).__answerLocation = (ok) => pending.answer?.(ok);
    navigator.geolocation.getCurrentPosition = (success, failure) => {
      pending.answer = (ok) =>
        ok
          ? success({
              coords: { latitude: 50.797788, longitude: -1.108422 },
              timestamp: Date.now(),
            } as GeolocationPosition)
          : failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
    };
  });
};
const answerLocation = (ok: boolean) => (page: Page) =>
  page.evaluate(
    (allow) => (window as unknown as { __answerLocation: (a: boolean) => void }).__answerLocation(allow),
    ok,
  );

const profileDialog = (page: Page) => page.getByRole('dialog', { name: 'Business Profile' });
const businessProfile: Walker = {
  entry: businessProfileEntry,
  walk: [
    '[Press "Profile" in the top bar] profile.cancel',
    '[Press "Profile" in the top bar] profile.locate → done.actor.locate',
    '[Press "Profile" in the top bar] profile.edit → profile.save → profile.print',
  ],
  prepare: promptForLocation,
  afterOpening: (page) => page.getByRole('button', { name: 'Profile', exact: true }).click(),
  perform: {
    'profile.cancel': (page) => profileDialog(page).getByRole('button', { name: 'Cancel' }).click(),
    'profile.locate': (page) => profileDialog(page).getByRole('button', { name: 'Pick Current Location' }).click(),
    'profile.save': (page) => profileDialog(page).getByRole('button', { name: 'Save Profile' }).click(),
    'profile.print': async (page) => {
      // Headless Chromium has no print dialog; the walk checks that printing was asked for.
      await page.evaluate(() => {
        (window as unknown as { __printed: number }).__printed = 0;
        window.print = () => {
          (window as unknown as { __printed: number }).__printed++;
        };
      });
      await profileDialog(page).getByRole('button', { name: 'Print QR Code' }).click();
      expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
    },
    'profile.edit': (page, e) =>
      profileDialog(page)
        .getByLabel(
          { businessname: 'Business Name', description: 'Description', address: 'Address' }[e.field as string]!,
        )
        .fill(e.value),
    'xstate.done.actor.locate': answerLocation(true),
    'xstate.error.actor.locate': answerLocation(false),
  },
  check: {
    editing: async (page, state) => {
      const dialog = profileDialog(page);
      await dialog.waitFor();
      expect(await dialog.getByLabel('Business Name').inputValue()).toBe(state.context.draft.businessname);
      if (state.context.draft.latitude !== null) {
        expect(await dialog.getByLabel('Latitude').inputValue()).toMatch(/^-?\d+\.\d{6}$/);
      }
      if (state.context.fieldError) await dialog.getByText(state.context.fieldError).waitFor();
    },
    locating: (page) => visible(page, 'button', 'Locating...'),
    closed: (page) => profileDialog(page).waitFor({ state: 'detached' }),
  },
};

const shellClass = async (page: Page, name: string) =>
  (await page.locator('.shell').getAttribute('class'))?.split(' ').includes(name) ?? false;
const groupOpen = async (page: Page, group: 'Vouchers' | 'Bookings') =>
  (await page.getByRole('button', { name: group, exact: true, includeHidden: true }).getAttribute('aria-expanded')) ===
  'true';
const shell: Walker = {
  entry: shellEntry,
  walk: [
    'route.changed',
    'sidebar.toggle → sidebar.toggle#1',
    'sidebar.toggle → drawer.close',
    'group.toggle → group.toggle',
    'group.toggle → route.changed',
    'panel.open → panel.close',
  ],
  perform: {
    'sidebar.toggle': async (page, e) => {
      await page.setViewportSize(e.narrow ? { width: 375, height: 812 } : { width: 1280, height: 860 });
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    },
    // The link when it shows, else the address (a reload), as the plan says.
    'route.changed': async (page, e) => {
      const names: Record<string, string> = {
        '/vouchers/redeem': 'Redeem Code',
        '/bookings/calendar': 'Calendar',
        '/customers': 'Customers',
      };
      const link = page.getByRole('link', { name: names[e.path], exact: true });
      if (await link.isVisible()) await link.click();
      else await page.goto(e.path);
      await page.waitForURL((url) => url.pathname === e.path);
    },
    'drawer.close': (page) => page.locator('.drawer-backdrop').click({ position: { x: 360, y: 400 } }),
    'group.toggle': (page, e) =>
      page.getByRole('button', { name: e.group === 'vouchers' ? 'Vouchers' : 'Bookings', exact: true }).click(),
    'panel.open': (page, e) =>
      page.getByRole('button', { name: e.panel === 'messages' ? 'Messages' : 'Profile', exact: true }).click(),
    'panel.close': (page) => page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click(),
  },
  check: {
    'sidebar.expanded': async (page) => expect(await shellClass(page, 'is-collapsed')).toBe(false),
    'sidebar.collapsed': async (page) => expect(await shellClass(page, 'is-collapsed')).toBe(true),
    'drawer.closed': async (page) => expect(await shellClass(page, 'is-drawer-open')).toBe(false),
    'drawer.open': async (page) => expect(await shellClass(page, 'is-drawer-open')).toBe(true),
    'groups.none': async (page) => {
      expect(await groupOpen(page, 'Vouchers')).toBe(false);
      expect(await groupOpen(page, 'Bookings')).toBe(false);
    },
    'groups.vouchers': async (page, s) =>
      expect(await groupOpen(page, 'Vouchers')).toBe(!s.matches({ sidebar: 'collapsed' })),
    'groups.bookings': async (page, s) =>
      expect(await groupOpen(page, 'Bookings')).toBe(!s.matches({ sidebar: 'collapsed' })),
    'panel.none': async (page) => expect(await page.getByRole('dialog').count()).toBe(0),
    'panel.messages': (page) => page.getByRole('dialog', { name: 'Messages' }).waitFor(),
    'panel.profile': (page) => profileDialog(page).waitFor(),
  },
};

export const walkers: Walker[] = [
  session,
  signIn,
  register,
  verifyEmail,
  forgotPassword,
  resetPassword,
  businessProfile,
  shell,
];
