/**
 * How a script walks the QA plans (docs/test-plans) in Chromium, as a tester would: where to go, what to
 * press and type (the values the plan prints), and what each state looks like on the page. The alert a
 * plan quotes is checked for every state that shows one. Used by tests/e2e/plans-walk.test.ts.
 */
import { crc32 } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ROLE_LABELS, type Role, TEAM_TEXTS, type TeamMember } from '#contracts/team.ts';
import type { MachineEntry } from '#machines/lib/entry.ts';
import {
  forgotPasswordEntry,
  registerEntry,
  resendVerificationEntry,
  resetPasswordEntry,
  verifyEmailEntry,
} from '#machines/samples/account.samples.ts';
import {
  bookingClosuresEntry,
  bookingFormEntry,
  bookingsCalendarEntry,
  windowTable,
} from '#machines/samples/bookings.samples.ts';
import { businessProfileEntry } from '#machines/samples/business-profile.samples.ts';
import { followersEntry, postComposerEntry } from '#machines/samples/dashboard.samples.ts';
import { demoBusiness, demoOwner, demoUser, renamedBusinessName } from '#machines/samples/demo.samples.ts';
import { gettingStartedEntry } from '#machines/samples/getting-started.samples.ts';
import { messagesPanelEntry } from '#machines/samples/messages.samples.ts';
import { sessionEntry } from '#machines/samples/session.samples.ts';
import { shellEntry } from '#machines/samples/shell.samples.ts';
import { signInEntry } from '#machines/samples/sign-in.samples.ts';
import { acceptInviteEntry, invitedRow, samRow, teamEntry } from '#machines/samples/team.samples.ts';
import { toastEntry } from '#machines/samples/toast.samples.ts';
import {
  demoArchivedVoucher,
  demoVoucher,
  redeemEntry,
  voucherFormEntry,
  vouchersEntry,
} from '#machines/samples/vouchers.samples.ts';
import type { PlanScenario } from '../../../machines/plans/plan.ts';
import { walkedInCi } from '../../../machines/plans/walked.ts';
import { customerClaims } from '../../../scripts/lib/voucher-claims.ts';
import { signInCustomer } from '../../../server/sim/customers.ts';
import { fillSignIn, latestMailLink, pathOf, stack, uniqueEmail } from './browser.ts';
import { api, call, pool } from './corpus-business.ts';

type Perform = (page: Page, event: any) => Promise<void>;
type Check = (page: Page, state: AnyMachineSnapshot) => Promise<void>;

export interface Walker {
  entry: MachineEntry;
  /**
   * The scenarios to walk, named by their event sequence (the generated test's name without the number);
   * "#n" picks the n-th of several scenarios with the same sequence.
   */
  walk: string[];
  /** The real address of a scenario whose plan URL is a link from an e-mail (its "Before you start" arranged). */
  address?: (path: string, scenario: PlanScenario) => Promise<string>;
  /** Before the page opens (e.g. a stand-in for the browser's location prompt). */
  prepare?: (page: Page) => Promise<void>;
  afterOpening?: (page: Page) => Promise<void>;
  /** After the walk, on the same page: what the plan asks the tester to put back (e.g. the business name). */
  restore?: (page: Page) => Promise<void>;
  perform: Record<string, Perform>;
  /** Per visible leaf state (id without the machine id). */
  check: Record<string, Check>;
}

const visible = (page: Page, role: Parameters<Page['getByRole']>[0], name: string) =>
  page.getByRole(role, { name, exact: true }).first().waitFor();
const noAlert = async (page: Page) => expect(await page.getByRole('alert').count()).toBe(0);
const atPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
const delayOf = (entry: MachineEntry, event: AnyEventObject) =>
  entry.machine.implementations.delays[/^xstate\.after\.([^.]+)\./.exec(event.type)?.[1] ?? ''] as number;
const waitDelay = (entry: MachineEntry) => (page: Page, event: AnyEventObject) =>
  page.waitForTimeout(delayOf(entry, event));
/** A long wait (the 3-minute sign-in expiry) on the page's own clock, installed by the walker's `prepare`. */
const fastForward = (entry: MachineEntry) => (page: Page, event: AnyEventObject) =>
  page.clock.fastForward(delayOf(entry, event));
/** "Before you start" tells the tester to arrange this. */
const arranges = (scenario: PlanScenario, words: string) => scenario.before.some((b) => b.startsWith(words));

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
  walk: walkedInCi.session.walk,
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
  // Tess's temporary password works until a walk sets her new one: that walk comes last.
  walk: walkedInCi.signIn.walk,
  // The page's clock, so that the 3-minute expiry can be waited for in a moment.
  prepare: (page) => page.clock.install(),
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
    'xstate.after.pendingSignInExpiry.signIn.ready.awaitingNewPassword': fastForward(signInEntry),
    'signIn.restart': (page) => page.getByRole('button', { name: 'Sign in again' }).click(),
  },
  check: {
    'ready.idle': async (page) => {
      if (pathOf(page) === '/login') return loginFormReady(page);
      await visible(page, 'heading', 'Set a new password');
      await noAlert(page);
    },
    'ready.failed': async () => {},
    'ready.unconfirmed': async (page) => {
      await atPath(page, '/login');
      await visible(page, 'button', 'Resend verification email');
    },
    'ready.expired': async (page) => {
      await atPath(page, '/new-password-required');
      await visible(page, 'heading', 'Sign-in expired');
      await visible(page, 'button', 'Sign in again');
      expect(await page.getByRole('form', { name: 'Set a new password' }).count()).toBe(0);
    },
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
  // The demo owner's e-mail gets the same success as a new one; then a new owner registers.
  walk: walkedInCi.register.walk,
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
    'register.edit': async (page, e) => {
      const labels: Record<string, string> = { email: 'Email Address', firstName: 'First Name' };
      await page.getByRole('form', { name: 'Register Your Business' }).getByLabel(labels[e.field]!).press('End');
      await page.keyboard.type('x');
    },
  },
  check: {
    'form.editing': async (page) => {
      await visible(page, 'form', 'Register Your Business');
      await noAlert(page);
    },
    // Each field the machine holds a message for is marked, and no other.
    'form.invalid': async (page, state) => {
      await visible(page, 'form', 'Register Your Business');
      const marked = Object.keys(state.context.fieldErrors).length;
      await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(marked);
      await noAlert(page);
    },
    'form.failed': (page) => visible(page, 'form', 'Register Your Business'),
    succeeded: async (page) => {
      await visible(page, 'heading', 'Registration Successful!');
      await visible(page, 'link', 'Go to Login');
    },
  },
};

const verifyEmail: Walker = {
  entry: verifyEmailEntry,
  walk: walkedInCi.verifyEmail.walk,
  address: async (path, scenario) => {
    if (!path.includes('token')) return path;
    const link = await verificationLink();
    // "Open the same link once before, so that this is its second use."
    if (arranges(scenario, 'Open the same link once before')) {
      await fetch(`${stack.baseUrl}/api/public/verify-email${new URL(link).search}`);
    }
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
  walk: walkedInCi.forgotPassword.walk,
  perform: {
    // What the step says is typed on the Login form (else nothing) travels into the dialog.
    'forgotPassword.open': async (page, e) => {
      await page
        .getByRole('form', { name: 'Sign in' })
        .getByLabel('Email')
        .fill(e.email ?? '');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
    },
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
    'open.form.editing': async (page, state) => {
      await visible(page, 'heading', 'Forgot Password');
      expect(await page.getByRole('dialog').getByLabel('Email').inputValue()).toBe(state.context.email);
    },
    'open.form.invalid': (page) => visible(page, 'heading', 'Forgot Password'),
    'open.form.failed': (page) => visible(page, 'heading', 'Forgot Password'),
    'open.sent': (page) => visible(page, 'heading', 'Check Your Email'),
  },
};

const resetPassword: Walker = {
  entry: resetPasswordEntry,
  walk: walkedInCi.resetPassword.walk,
  address: async (path, scenario) => {
    if (!path.includes('token')) return path;
    // As the plan says: "Forgot password?" for the demo owner, then the link from the newest mail.
    const response = await fetch(`${stack.baseUrl}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ email: demoOwner.email }),
    });
    if (!response.ok) throw new Error(`reset request answered ${response.status}`);
    const url = new URL(await latestMailLink(demoOwner.email, '/reset-password'));
    // "Use the link once before (set a password with it)": the demo owner's own password, so nothing changes.
    if (arranges(scenario, 'Use the link once before')) {
      const token = url.searchParams.get('token');
      const used = await fetch(`${stack.baseUrl}/api/password-reset/reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ token, newPassword: demoOwner.password }),
      });
      if (!used.ok) throw new Error(`using the reset link answered ${used.status}`);
    }
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
    // The link is checked as the page opens: a spent one says so before anything is typed.
    unusable: async (page) => {
      await visible(page, 'button', 'Request a new link');
      await visible(page, 'button', 'Back to Login');
      expect(await page.getByLabel('New Password', { exact: true }).count()).toBe(0);
    },
    'form.editing': async (page) => {
      await visible(page, 'form', 'Reset your password');
      await noAlert(page);
    },
    'form.invalid': (page) => visible(page, 'form', 'Reset your password'),
  },
};

/**
 * A stand-in for the browser's location prompt: the request waits until the walk answers it, with the
 * position the step's sample gives (where the device is) or with the sample's refusal.
 */
type LocationAnswer = { latitude: number; longitude: number } | { code: number; message: string };
const promptForLocation = async (page: Page) => {
  await page.addInitScript(() => {
    const pending: { answer?: (a: LocationAnswer) => void } = {};
    (window as unknown as { __answerLocation: (a: LocationAnswer) => void }).__answerLocation = (a) =>
      pending.answer?.(a);
    navigator.geolocation.getCurrentPosition = (success, failure) => {
      pending.answer = (a) =>
        'latitude' in a
          ? success({ coords: a, timestamp: Date.now() } as unknown as GeolocationPosition)
          : failure?.(a as GeolocationPositionError);
    };
  });
};
const answerLocation = (page: Page, event: AnyEventObject) =>
  page.evaluate(
    (answer) => (window as unknown as { __answerLocation: (a: LocationAnswer) => void }).__answerLocation(answer),
    (event.output ?? event.error) as LocationAnswer,
  );

const profileDialog = (page: Page) => page.getByRole('dialog', { name: 'Business Profile' });
const discardQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
const businessProfile: Walker = {
  entry: businessProfileEntry,
  walk: walkedInCi.businessProfile.walk,
  prepare: promptForLocation,
  afterOpening: (page) => page.getByRole('button', { name: 'Profile', exact: true }).click(),
  perform: {
    // On the "Discard unsaved changes?" question, cancelling is Escape.
    'profile.cancel': async (page) => {
      if (await discardQuestion(page).count()) await page.keyboard.press('Escape');
      else await profileDialog(page).getByRole('button', { name: 'Cancel' }).click();
    },
    'profile.keepEditing': (page) => discardQuestion(page).getByRole('button', { name: 'Keep editing' }).click(),
    'profile.discard': (page) => discardQuestion(page).getByRole('button', { name: 'Discard' }).click(),
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
          {
            businessname: 'Business Name',
            description: 'Description',
            address: 'Address',
            latitude: 'Latitude',
            longitude: 'Longitude',
          }[e.field as string]!,
          { exact: true },
        )
        .fill(e.value),
    'xstate.done.actor.locate': answerLocation,
    'xstate.error.actor.locate': answerLocation,
  },
  check: {
    editing: async (page, state) => {
      const dialog = profileDialog(page);
      await dialog.waitFor();
      expect(await dialog.getByLabel('Business Name').inputValue()).toBe(state.context.draft.businessname);
      expect(await dialog.getByLabel('Latitude').inputValue()).toBe(state.context.draft.latitude);
      expect(await dialog.getByLabel('Longitude').inputValue()).toBe(state.context.draft.longitude);
      for (const message of Object.values(state.context.fieldErrors) as string[]) {
        await dialog.getByText(message).first().waitFor();
      }
      expect(await discardQuestion(page).count()).toBe(0);
    },
    confirmDiscard: async (page) => {
      await discardQuestion(page).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep editing');
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
  walk: walkedInCi.shell.walk,
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
    'drawer.close': (page) => page.getByRole('button', { name: 'Close menu' }).click(),
    'group.toggle': (page, e) =>
      page.getByRole('button', { name: e.group === 'vouchers' ? 'Vouchers' : 'Bookings', exact: true }).click(),
    // "Messages", or "Messages 3 unread" while customers wait for an answer.
    'panel.open': (page, e) =>
      page.getByRole('button', { name: e.panel === 'messages' ? /^Messages( \d+ unread)?$/ : 'Profile' }).click(),
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

/** The confirmation after saving the profile; the walk puts the demo business's name back afterwards. */
const renameBusiness = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Profile', exact: true }).click();
  const dialog = profileDialog(page);
  await dialog.getByLabel('Business Name').fill(name);
  await dialog.getByRole('button', { name: 'Save Profile' }).click();
  await dialog.waitFor({ state: 'detached' });
};
const toast: Walker = {
  entry: toastEntry,
  walk: walkedInCi.toast.walk,
  perform: {
    // "Replace Business Name with … (or back with …)": whichever it is not now.
    'toast.show': async (page) => {
      const heading = await page.getByRole('complementary', { name: 'Sidebar' }).textContent();
      await renameBusiness(
        page,
        heading?.includes(renamedBusinessName) ? demoBusiness.businessname : renamedBusinessName,
      );
    },
    'toast.dismiss': (page) => page.getByRole('button', { name: 'Dismiss' }).click(),
    'xstate.after.toastDuration.toast.shown': waitDelay(toastEntry),
  },
  check: {
    hidden: async (page) => {
      await expect.poll(() => page.getByRole('button', { name: 'Dismiss' }).count()).toBe(0);
    },
    shown: async (page, state) => {
      await page.getByRole('status').filter({ hasText: state.context.text }).first().waitFor();
      await visible(page, 'button', 'Dismiss');
    },
  },
  restore: async (page) => {
    const heading = await page.getByRole('complementary', { name: 'Sidebar' }).textContent();
    if (heading?.includes(renamedBusinessName)) await renameBusiness(page, demoBusiness.businessname);
  },
};

const resendVerification: Walker = {
  entry: resendVerificationEntry,
  walk: walkedInCi.resendVerification.walk,
  perform: {
    'resendVerification.submit': async (page, e) => {
      const form = page.getByRole('form', { name: 'Get a new verification link' });
      await form.getByLabel('Email').fill(e.email);
      await form.getByRole('button', { name: 'Resend verification email' }).click();
    },
  },
  check: {
    'ready.idle': async (page) => {
      await visible(page, 'form', 'Get a new verification link');
      expect(await page.getByRole('form', { name: 'Get a new verification link' }).getByRole('alert').count()).toBe(0);
    },
    'ready.invalid': (page) => visible(page, 'form', 'Get a new verification link'),
    'ready.failed': (page) => visible(page, 'form', 'Get a new verification link'),
    // The same words whether or not the address has an account that needs verifying.
    'ready.sent': (page) =>
      page
        .getByRole('status')
        .filter({ hasText: 'If that email belongs to an account that still needs verifying' })
        .first()
        .waitFor(),
  },
};

/** A PNG chunk: length, type, data and its CRC, as the server's structure check reads them. */
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};

/**
 * A file of the sample's name, type and size that is whole as its type says (the server checks an
 * image's structure, not only its first bytes): a PNG of IHDR, one IDAT and IEND, or a JPEG of SOI, a
 * scan and EOI, padded to the size; a PDF's first bytes otherwise.
 */
const sampleFile = (photo: { name: string; type: string; size: number }) => {
  let buffer: Buffer;
  if (photo.type === 'image/png') {
    const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
    const fixed = 8 + (12 + 13) + 12 + 12;
    buffer = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', Buffer.alloc(Math.max(0, photo.size - fixed))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  } else if (photo.type === 'image/jpeg') {
    buffer = Buffer.alloc(Math.max(8, photo.size));
    buffer.set([0xff, 0xd8, 0xff, 0xda, 0, 2]);
    buffer.set([0xff, 0xd9], buffer.length - 2);
  } else {
    buffer = Buffer.alloc(photo.size);
    buffer.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
  }
  return { name: photo.name, mimeType: photo.type, buffer };
};
const composer = (page: Page) => page.getByRole('form', { name: 'New post' });
const postComposer: Walker = {
  entry: postComposerEntry,
  walk: walkedInCi.postComposer.walk,
  perform: {
    'post.edit': (page, e) => composer(page).getByLabel('Post text').fill(e.content),
    'post.attach': (page, e) => composer(page).locator('input[type="file"]').setInputFiles(sampleFile(e.photo)),
    'post.submit': (page) => composer(page).getByRole('button', { name: 'Post', exact: true }).click(),
  },
  check: {
    idle: async (page, state) => {
      await composer(page).getByPlaceholder(`What's on your mind, ${demoUser.firstname}?`).waitFor();
      await expect.poll(() => composer(page).getByLabel('Post text').inputValue()).toBe(state.context.content);
      const remove = composer(page).getByRole('button', { name: 'Remove photo' });
      await expect.poll(() => remove.count()).toBe(state.context.photo ? 1 : 0);
      if (!state.context.error) await expect.poll(() => composer(page).getByRole('alert').count()).toBe(0);
    },
  },
};

const followers: Walker = {
  entry: followersEntry,
  walk: walkedInCi.followers.walk,
  perform: {
    'followers.export': async (page) => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      expect((await download).suggestedFilename()).toMatch(/^followers-.*\.csv$/);
    },
  },
  check: {
    'ready.list': async (page) => {
      await page.getByText(/^Page 1 of \d+$/).waitFor();
      await visible(page, 'button', 'Export CSV');
    },
  },
};

const checklistCard = (page: Page) => page.getByRole('region', { name: 'Get started' });
const gettingStarted: Walker = {
  entry: gettingStartedEntry,
  walk: walkedInCi.gettingStarted.walk,
  perform: {
    'checklist.dismiss': (page) => checklistCard(page).getByRole('button', { name: 'Dismiss checklist' }).click(),
  },
  check: {
    shown: async (page) => {
      await checklistCard(page).getByText('4 of 5 done').waitFor();
      await checklistCard(page)
        .getByRole('link', { name: /^Print your business QR code\s*: Not done yet$/ })
        .waitFor();
    },
    hidden: async (page) => {
      await page.getByRole('region', { name: 'Your Feed' }).waitFor();
      await expect.poll(() => checklistCard(page).count()).toBe(0);
    },
  },
};

const voucherRow = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${title}`) }) });

const vouchers: Walker = {
  entry: vouchersEntry,
  walk: walkedInCi.vouchers.walk,
  perform: {
    'vouchers.qr': (page) =>
      voucherRow(page, demoVoucher.title)
        .getByRole('button', { name: /^Show QR Code/ })
        .click(),
    'vouchers.download': async (page) => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download as PNG' }).click();
      expect((await download).suggestedFilename()).toBe(`${demoVoucher.title}.png`);
    },
    'vouchers.delete': (page) =>
      voucherRow(page, demoVoucher.title)
        .getByRole('button', { name: /^Delete/ })
        .click(),
    'vouchers.show': (page, event: { status: string }) =>
      page.getByRole('button', { name: event.status === 'archived' ? 'Archived' : 'Active', exact: true }).click(),
    'vouchers.view': (page) =>
      voucherRow(page, demoArchivedVoucher.title).getByRole('button', { name: /^View/ }).click(),
    'vouchers.duplicate': (page) =>
      voucherRow(page, demoVoucher.title)
        .getByRole('button', { name: /^Duplicate/ })
        .click(),
    'vouchers.close': async (page) => {
      const open = page.getByRole('dialog').or(page.getByRole('alertdialog'));
      const cancel = open.getByRole('button', { name: 'Cancel' });
      await ((await cancel.count()) ? cancel : open.getByRole('button', { name: 'Close', exact: true }).last()).click();
    },
  },
  check: {
    'ready.list': async (page) => {
      await page.getByRole('table').waitFor();
      // The list shows under a dialog too: wait for the dialog to go (after a refused load of one voucher
      // it goes when the refusal arrives, which a busy machine may take a moment to deliver).
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    },
    // "Duplicate": Create New Voucher filled in from the row, focus on Title (issue 26).
    'ready.form': async (page) => {
      const title = page.getByRole('dialog', { name: 'Create New Voucher' }).getByLabel('Title');
      await expect.poll(() => title.inputValue()).toBe(`Copy of ${demoVoucher.title}`);
      await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    },
    'ready.qr': async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Issue Voucher via QR Code' });
      await dialog.getByRole('img', { name: `QR code to claim ${demoVoucher.title}` }).waitFor();
      await dialog.getByText('Customers scan this code with the app to claim the voucher.').waitFor();
    },
    'ready.confirmDelete': async (page) => {
      await page
        .getByRole('alertdialog', { name: 'Confirm Deletion' })
        .getByText('This action cannot be undone.')
        .waitFor();
    },
    'ready.details': async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Archived Voucher Details' });
      await dialog.getByText(demoArchivedVoucher.description).waitFor();
      await dialog.getByText(demoOwner.email).waitFor();
    },
  },
};

/** The code the plan's "Before you start" asks for: a new customer claims the demo's first voucher. */
let claimedCode = '';
const redeem: Walker = {
  entry: redeemEntry,
  walk: walkedInCi.redeem.walk,
  prepare: async () => {
    const call = (path: string, init?: RequestInit) => fetch(new URL(path, stack.baseUrl), init);
    const config = (await (await call('/config.json')).json()) as {
      auth: { userPoolId: string; userPoolClientId: string };
    };
    const pool = { userPoolId: config.auth.userPoolId, clientId: config.auth.userPoolClientId };
    const token = await signInCustomer(call, pool, demoOwner.email, demoOwner.password);
    const list = (await (
      await call('/api/businesses/me/vouchers', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Array<{ voucherid: string; title: string }>;
    const voucher = list.find((v) => v.title === demoVoucher.title)!;
    claimedCode = (await customerClaims(stack.baseUrl, voucher.voucherid, 'walk')).code;
  },
  perform: {
    // The plan says: type the code the simulator printed, in lower case with a space before and after.
    'redeem.edit': (page, event: { code: string }) =>
      page.getByLabel('Voucher code').fill(event.code.trim() ? ` ${claimedCode.toLowerCase()} ` : ''),
    'redeem.lookup': (page) => page.getByRole('button', { name: 'Look Up' }).click(),
    'redeem.confirm': (page) => page.getByRole('button', { name: 'Confirm Redemption' }).click(),
  },
  check: {
    idle: async (page) => {
      await page.getByPlaceholder('ABC-123-XYZ').waitFor();
    },
    ready: async (page) => {
      await page.getByText('Ready to Redeem').waitFor();
      await page.getByRole('heading', { name: demoVoucher.title }).waitFor();
    },
    redeemed: async (page) => {
      await page
        .getByRole('status')
        .filter({ hasText: `Voucher redeemed: ${demoVoucher.title}.` })
        .waitFor();
      expect(await page.getByLabel('Voucher code').inputValue()).toBe('');
    },
  },
};

const messagesPanelOf = (page: Page) => page.getByRole('dialog', { name: 'Messages' });
const messagesPanel: Walker = {
  entry: messagesPanelEntry,
  walk: walkedInCi.messagesPanel.walk,
  afterOpening: (page) => page.getByRole('button', { name: /^Messages/ }).click(),
  perform: {
    'tab.select': (page, e) =>
      messagesPanelOf(page)
        .getByRole('tab', { name: e.tab === 'active' ? 'Active' : 'Archived' })
        .click(),
  },
  check: {
    // The seeded conversations: Isla Okafor waits in Active, Oliver Nguyen is the archived one.
    'browsing.collapsed': async (page, s) => {
      const active = s.context.tab === 'active';
      await messagesPanelOf(page)
        .getByRole('tab', { name: active ? 'Active' : 'Archived', selected: true })
        .waitFor();
      await messagesPanelOf(page)
        .getByRole('button', { name: active ? /Isla Okafor/ : /Oliver Nguyen/ })
        .first()
        .waitFor();
    },
  },
};

/** A date `days` from today in the browser's calendar, as the Date field takes it. */
const dayFromNow = (page: Page, days: number) =>
  page.evaluate((n) => {
    const d = new Date(Date.now() + n * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);
const bookingDialog = (page: Page) => page.getByRole('dialog', { name: 'Create New Booking' });
const createBookingButton = (page: Page) => bookingDialog(page).getByRole('button', { name: 'Create Booking' });
/** The slot buttons: every button of Available Slots. */
const slotButtons = (page: Page) => bookingDialog(page).locator('.slot-grid button');
/** What every open state of the form shows: the field messages, and "Create Booking" off until a time is chosen. */
const bookingFormShows = async (page: Page, state: AnyMachineSnapshot) => {
  for (const message of Object.values(state.context.fieldErrors as Record<string, string>)) {
    await bookingDialog(page).getByText(message, { exact: true }).waitFor();
  }
  await expect.poll(() => createBookingButton(page).isEnabled()).toBe(state.context.selected !== null);
};
const bookingForm: Walker = {
  entry: bookingFormEntry,
  walk: walkedInCi.bookingForm.walk,
  // "Press "Create Booking" and put tomorrow's date in Date".
  afterOpening: async (page) => {
    await page.getByRole('button', { name: 'Create Booking' }).click();
    await bookingDialog(page)
      .getByLabel('Date')
      .fill(await dayFromNow(page, 1));
  },
  perform: {
    'booking.edit': async (page, e: { field: string; value: string }) => {
      const dialog = bookingDialog(page);
      if (e.field === 'resourceid') {
        const name = e.value === windowTable.resourceid ? 'Window Table' : 'Meeting Room';
        await dialog.getByLabel('Resource').selectOption({ label: name });
      } else if (e.field === 'date') {
        // "choose the same weekday next week in Date": a week after tomorrow.
        await dialog.getByLabel('Date').fill(await dayFromNow(page, 8));
      } else if (e.field === 'duration') {
        await dialog.getByLabel('Duration').selectOption({ label: '1 hour 30 mins' });
      } else {
        const labels: Record<string, string> = {
          partysize: 'Party Size',
          customerEmail: 'Customer Email',
          notes: 'Notes (Optional)',
        };
        await dialog.getByLabel(labels[e.field]!).fill(e.value);
      }
    },
    'booking.pickSlot': (page) => slotButtons(page).first().click(),
    'booking.submit': (page) => createBookingButton(page).click(),
  },
  check: {
    'editing.incomplete': async (page, state) => {
      await bookingDialog(page)
        .getByText('Choose a resource, date, duration and party size to see the available times.')
        .waitFor();
      await bookingFormShows(page, state);
    },
    'editing.slots': async (page, state) => {
      await slotButtons(page).first().waitFor();
      const pressed = slotButtons(page).and(page.locator('[aria-pressed="true"]'));
      await expect.poll(() => pressed.count()).toBe(state.context.selected === null ? 0 : 1);
      await bookingFormShows(page, state);
    },
    closed: (page) => bookingDialog(page).waitFor({ state: 'detached' }),
  },
};

/** "Create New Voucher", or "Edit" on the demo's voucher: the scenario's start, noted as its address is read. */
let voucherFormStart = '';
const voucherDialog = (page: Page) => page.getByRole('dialog', { name: /^(Create New Voucher|Edit Voucher)$/ });
const voucherForm: Walker = {
  entry: voucherFormEntry,
  walk: walkedInCi.voucherForm.walk,
  address: async (path, scenario) => {
    voucherFormStart = scenario.path.start ?? '';
    return path;
  },
  afterOpening: async (page) => {
    if (voucherFormStart === 'Edit Voucher') {
      await voucherRow(page, demoVoucher.title).getByRole('button', { name: /^Edit/ }).click();
    } else {
      await page.getByRole('button', { name: 'Create New Voucher' }).click();
    }
  },
  perform: {
    'voucherForm.edit': (page, e: { field: string; value: string }) => {
      const labels: Record<string, string> = {
        title: 'Title',
        description: 'Description',
        value: 'Value',
        rules: 'Rules',
      };
      return voucherDialog(page).getByLabel(labels[e.field]!, { exact: true }).fill(e.value);
    },
    'voucherForm.submit': (page) =>
      voucherDialog(page)
        .getByRole('button', { name: /^(Create Voucher|Save Changes)$/ })
        .click(),
  },
  check: {
    // The form with each field message the machine holds, and no other field marked.
    editing: async (page, state) => {
      await voucherDialog(page).getByLabel('Title', { exact: true }).waitFor();
      const messages = Object.values(state.context.fieldErrors as Record<string, string>);
      for (const message of messages) await voucherDialog(page).getByText(message, { exact: true }).waitFor();
      await expect.poll(() => voucherDialog(page).locator('[aria-invalid="true"]').count()).toBe(messages.length);
      expect(await voucherDialog(page).getByLabel('Title', { exact: true }).inputValue()).toBe(
        state.context.draft.title,
      );
    },
  },
};

const calendarDialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const bookingsCalendar: Walker = {
  entry: bookingsCalendarEntry,
  walk: walkedInCi.bookingsCalendar.walk,
  perform: {
    'calendar.view': (page, e: { view: string }) =>
      page.getByRole('button', { name: e.view === 'day' ? 'Day' : 'Week', exact: true }).click(),
    'calendar.navigate': (page) => page.getByRole('button', { name: 'Next', exact: true }).click(),
    'calendar.filter': async (page, e: { resourceId: string }) => {
      const label = e.resourceId === windowTable.resourceid ? 'Window Table' : 'All Resources';
      await page.getByLabel('Filter:').selectOption({ label });
    },
    'calendar.open': (page) => page.locator('.rbc-event').first().click(),
    'calendar.close': (page) =>
      calendarDialog(page, 'Booking Details').getByRole('button', { name: 'Close', exact: true }).last().click(),
    'calendar.create': (page) => page.getByRole('button', { name: 'Create Booking', exact: true }).click(),
    'calendar.cancelCreate': (page) =>
      calendarDialog(page, 'Create New Booking').getByRole('button', { name: 'Cancel', exact: true }).click(),
    'calendar.retry': (page) => page.getByRole('button', { name: 'Try again' }).click(),
  },
  check: {
    'resources.loaded': (page) => page.getByLabel('Filter:').waitFor(),
    'bookings.failed': (page) => page.getByText('Could not load calendar bookings.').waitFor(),
    'bookings.ready.idle': async (page) => {
      await page.locator('.rbc-calendar').waitFor();
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    },
    'bookings.ready.details': (page) => calendarDialog(page, 'Booking Details').waitFor(),
    'bookings.ready.creating': (page) => calendarDialog(page, 'Create New Booking').waitFor(),
  },
};

const closuresForm = (page: Page) => page.getByRole('form', { name: 'Add a closure' });
const bookingClosures: Walker = {
  entry: bookingClosuresEntry,
  walk: walkedInCi.bookingClosures.walk,
  perform: {
    'closures.edit': async (page, e: { field: string; value: string }) => {
      const labels: Record<string, string> = { startdate: 'From', enddate: 'To', reason: 'Reason (optional)' };
      await closuresForm(page).getByLabel(labels[e.field]!, { exact: true }).fill(e.value);
    },
    'closures.add': (page) => closuresForm(page).getByRole('button', { name: 'Add Closure' }).click(),
    'closures.delete': (page) =>
      page
        .getByRole('button', { name: /^Remove closure/ })
        .first()
        .click(),
    'closures.cancelDelete': (page) =>
      page.getByRole('alertdialog', { name: 'Remove Closure' }).getByRole('button', { name: 'Cancel' }).click(),
  },
  check: {
    'ready.idle': async (page, state) => {
      await closuresForm(page).getByRole('button', { name: 'Add Closure' }).waitFor();
      await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
      if (state.context.error) await page.getByText(state.context.error, { exact: true }).first().waitFor();
    },
    'ready.confirmDelete': (page) => page.getByRole('alertdialog', { name: 'Remove Closure' }).waitFor(),
  },
};

/** The demo owner's side of the Team page, through the owner API (what the plans' "Before you start" asks). */
const demoTeam = {
  token: async () => signInCustomer(call, await pool(), demoOwner.email, demoOwner.password),
  list: async () => api<TeamMember[]>(await demoTeam.token(), 'GET', '/api/businesses/me/team'),
  /** Inviting an address again replaces its waiting invitation: the newest mail holds the only link that works. */
  invite: async (email: string, role: 'staff' | 'manager') => {
    await api(await demoTeam.token(), 'POST', '/api/businesses/me/team', { email, role });
    return latestMailLink(email, '/accept-invite');
  },
  revoke: async (email: string) => {
    const waiting = (await demoTeam.list()).find((m) => m.status === 'invited' && m.email === email);
    if (waiting) {
      await api(await demoTeam.token(), 'DELETE', `/api/businesses/me/team/invitations/${waiting.invitationid}`);
    }
  },
};
const joinWith = async (link: string, member: { firstName: string; lastName: string; password: string }) => {
  const token = new URL(link).searchParams.get('token');
  const response = await call('/api/public/invitations/accept', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ token, ...member }),
  });
  if (!response.ok) throw new Error(`accepting the invitation answered ${response.status}`);
};

/**
 * The invited person's page. The address: the demo owner invites Sam Patel (as the plan says), and the
 * link comes from the development mailbox; a revoked one for "Open a link that was … revoked". None of
 * these walks accepts (the only scenario that joins needs the server restarted), so Sam is still free for
 * the Team walk that follows, which makes him a member and removes him again.
 */
let inviteScenario: PlanScenario | undefined;
const joinForm = (page: Page) => page.getByRole('form', { name: 'Join the team' });
const invitesAs = (page: Page, state: AnyMachineSnapshot) =>
  page
    .getByText(
      `${state.context.invitation.businessname} invites you as ${ROLE_LABELS[state.context.invitation.role as Role]}.`,
    )
    .waitFor();
const acceptInvite: Walker = {
  entry: acceptInviteEntry,
  walk: walkedInCi.acceptInvite.walk,
  address: async (path, scenario) => {
    inviteScenario = scenario;
    if (!path.includes('token')) return path;
    const link = await demoTeam.invite(samRow.email, 'staff');
    if (arranges(scenario, 'Open a link that was already used, revoked')) await demoTeam.revoke(samRow.email);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  },
  perform: {
    'acceptInvite.submit': async (page, e) => {
      // "First revoke the invitation on the Team page (in another browser) after the form opened."
      const step = inviteScenario?.steps.find((s) => s.event === e);
      if (step?.arrange.some((a) => /revoke the invitation/i.test(a))) await demoTeam.revoke(samRow.email);
      const form = joinForm(page);
      await form.getByLabel('First Name').fill(e.firstName);
      await form.getByLabel('Last Name').fill(e.lastName);
      await form.getByLabel('Password').fill(e.password);
      await form.getByRole('button', { name: 'Join the team' }).click();
    },
  },
  check: {
    failed: async (page) => {
      await visible(page, 'link', 'Go to Login');
      expect(await joinForm(page).count()).toBe(0);
    },
    'form.editing': async (page, state) => {
      await joinForm(page).waitFor();
      expect(await joinForm(page).getByLabel('Email Address').inputValue()).toBe(state.context.invitation.email);
      await invitesAs(page, state);
      await noAlert(page);
    },
    // Each field the machine holds a message for shows it, and no other field is marked.
    'form.invalid': async (page, state) => {
      await invitesAs(page, state);
      const messages = Object.values(state.context.fieldErrors) as string[];
      for (const message of messages) await joinForm(page).getByText(message, { exact: true }).waitFor();
      await expect.poll(() => joinForm(page).locator('[aria-invalid="true"]').count()).toBe(messages.length);
    },
  },
};

/**
 * The demo owner's Team page. "Before you start": Sam Patel invited and joined (his mailed link, accepted
 * through the public API as his browser would), Lee Chen invited as Manager. Afterwards Lee's invitation
 * is revoked, so the demo's team is as seeded again (Sam is removed by the walk itself).
 */
const teamPage = (page: Page) => page.getByRole('main');
const team: Walker = {
  entry: teamEntry,
  walk: walkedInCi.team.walk,
  address: async (path, scenario) => {
    if (arranges(scenario, `Invite ${samRow.email} as Staff and accept it`)) {
      const members = await demoTeam.list();
      if (!members.some((m) => m.status === 'active' && m.email === samRow.email)) {
        await joinWith(await demoTeam.invite(samRow.email, 'staff'), {
          firstName: samRow.firstname!,
          lastName: samRow.lastname!,
          password: 'Counter#2026walk',
        });
      }
      await demoTeam.invite(invitedRow.email, 'manager');
    }
    return path;
  },
  restore: () => demoTeam.revoke(invitedRow.email),
  perform: {
    // Sam's own row, by his e-mail: other tests may add members of the same name to the demo's team.
    'team.remove': (page) =>
      teamPage(page)
        .getByRole('listitem')
        .filter({ hasText: samRow.email })
        .getByRole('button', { name: `Remove: ${samRow.firstname} ${samRow.lastname}` })
        .click(),
    'team.confirmRemove': (page) =>
      page.getByRole('alertdialog', { name: 'Remove team member' }).getByRole('button', { name: 'Remove' }).click(),
  },
  check: {
    // The samples' reload answers the same list (it stands for "the list shows the change"): what tells
    // the outcome is the status line, and after "Team member removed." Sam's row is gone.
    'ready.idle': async (page, state) => {
      await page.getByRole('form', { name: 'Invite a team member' }).waitFor();
      await visible(page, 'button', `Revoke: ${invitedRow.email}`);
      if (state.context.notice) await page.getByRole('status').filter({ hasText: state.context.notice }).waitFor();
      const samShown = () => teamPage(page).getByText(samRow.email, { exact: true }).count();
      if (state.context.notice === TEAM_TEXTS.removed) await expect.poll(samShown).toBe(0);
      else await visible(page, 'button', `Remove: ${samRow.firstname} ${samRow.lastname}`);
      await noAlert(page);
    },
    'ready.confirmRemove': async (page) => {
      const question = page.getByRole('alertdialog', { name: 'Remove team member' });
      await question.getByText(`${samRow.firstname} ${samRow.lastname}`, { exact: false }).first().waitFor();
      await expect
        .poll(() => question.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement))
        .toBe(true);
    },
  },
};

// The reset links and the Forgot Password walk come before Register: the demo owner's e-mail gets at
// most three reset mails an hour, and registering with it sends one too.
export const walkers: Walker[] = [
  session,
  // Before businessProfile, whose walk prints the demo's QR code (the checklist's last open step: with
  // it done the card is gone); its own walk dismisses the card, which no later walk looks for.
  gettingStarted,
  postComposer,
  followers,
  signIn,
  forgotPassword,
  resetPassword,
  register,
  verifyEmail,
  resendVerification,
  businessProfile,
  shell,
  toast,
  vouchers,
  redeem,
  messagesPanel,
  bookingForm,
  voucherForm,
  bookingsCalendar,
  bookingClosures,
  // The invitation links before the Team walk: it makes Sam Patel a member (then removes him), after
  // which an invitation to his address mails "you already have an account" instead of a link.
  acceptInvite,
  team,
];
