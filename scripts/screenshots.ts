/**
 * `npm run screenshots`: starts the stack exactly as the browser tests do (scripts/lib/stack.ts:
 * CLI users, then `npm start` on a free port with a throw-away data directory), walks every screen in
 * Debian's Chromium at 1280 and 375 px wide and writes docs/screenshots/<screen>-<width>.png.
 * Viewport-sized shots (1280x800, 375x812), animations off: the files only change when the screens do.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { root } from './lib/build.ts';
import { findChromium, launchChromium, mailLink, type Stack, startStack } from './lib/stack.ts';
import { customerClaims, voucherIdOfLink } from './lib/voucher-claims.ts';

const OUT = path.join(root, 'docs/screenshots');
const WIDTHS = [1280, 375] as const;
type Width = (typeof WIDTHS)[number];

const written: Array<{ name: string; width: Width; title: string }> = [];

async function shoot(page: Page, name: string, width: Width, title: string) {
  // Let fonts, focus rings and transitions settle before the picture.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), animations: 'disabled', caret: 'hide' });
  written.push({ name, width, title });
}

async function fillSignIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

async function walk(browser: Browser, stack: Stack, width: Width) {
  const context = await browser.newContext({
    viewport: { width, height: width === 1280 ? 800 : 812 },
    baseURL: stack.baseUrl,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const heading = (name: string) => page.getByRole('heading', { name, exact: true }).waitFor();
  try {
    await screens(page, stack, width, heading);
  } catch (error) {
    console.error(`Stopped at ${width}px on ${page.url()}, showing:\n${await page.locator('body').textContent()}\n`);
    throw error;
  } finally {
    await context.close();
  }
  if (errors.length > 0) throw new Error(`page errors at ${width}px:\n${errors.join('\n')}`);
}

async function screens(page: Page, stack: Stack, width: Width, heading: (name: string) => Promise<void>) {
  // Signed out: login, its error, the forgot-password dialog comes later (it needs a registered owner).
  await page.goto('/login');
  await heading('Sign in');
  await shoot(page, 'login', width, 'Login');
  await fillSignIn(page, stack.demo.email, 'Wrong#Password1');
  await page.getByRole('alert').waitFor();
  await shoot(page, 'login-error', width, 'Login with a wrong password');

  await fillSignIn(page, stack.customer.email, stack.customer.password);
  await page.getByRole('alert').filter({ hasText: 'Access Denied' }).waitFor();
  await shoot(page, 'access-denied', width, 'A Customers user is turned away');

  await page.goto('/login');
  await fillSignIn(page, stack.tempOwner.email, stack.tempOwner.password);
  await heading('Set a new password');
  await shoot(page, 'new-password-required', width, 'New password required (temporary password)');

  // Registration and its e-mail link.
  // A fresh data directory every run: fixed addresses keep the pictures identical between runs.
  const email = `maya.${width}@flowers.example`;
  const password = 'Screens#2026pass';
  await page.goto('/register');
  await heading('Register Your Business');
  await shoot(page, 'register', width, 'Register');
  const form = page.getByRole('form', { name: 'Register Your Business' });
  await form.getByLabel('First Name').fill('Maya');
  await form.getByLabel('Last Name').fill('Lindqvist');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Business Name').fill('Maya’s Flower Studio');
  await form.getByRole('button', { name: 'Register' }).click();
  await heading('Registration Successful!');
  await shoot(page, 'register-success', width, 'Registration successful');

  await page.goto(await mailLink(stack.baseUrl, email, '/verify-email'));
  await heading('Verification Successful!');
  await shoot(page, 'verify-email-success', width, 'Verify e-mail: success');
  await page.goto('/verify-email?token=expired-or-mistyped');
  await heading('Verification Failed');
  await page.getByRole('alert').waitFor();
  await shoot(page, 'verify-email-error', width, 'Verify e-mail: error');

  // Forgot password → the mail → reset password.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await forgot.getByLabel('Email').fill(email);
  await shoot(page, 'forgot-password', width, 'Forgot password dialog');
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.getByRole('dialog', { name: 'Check Your Email' }).waitFor();
  await shoot(page, 'forgot-password-sent', width, 'Forgot password: "Check Your Email"');

  await page.goto(await mailLink(stack.baseUrl, email, '/reset-password'));
  await heading('Reset your password');
  await shoot(page, 'reset-password', width, 'Reset password form');
  const reset = page.getByRole('form', { name: 'Reset your password' });
  await reset.getByLabel('New Password', { exact: true }).fill('Screens#2026new');
  await reset.getByLabel('Confirm New Password').fill('Screens#2026new');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await heading('Password Reset Successful');
  await shoot(page, 'reset-password-success', width, 'Reset password: success');

  // The loading screen: hold the profile request until the picture is taken.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/users/me', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/login');
  await fillSignIn(page, stack.demo.email, stack.demo.password);
  await page.getByText('Loading Application...').waitFor();
  await shoot(page, 'loading', width, 'Loading screen');
  release();

  // The signed-in portal (the seeded demo business).
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  await page.unroute('**/api/users/me');
  await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Welcome back' }).waitFor();
  await shoot(page, 'dashboard', width, 'Dashboard');
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  if (width === 1280) {
    await toggle.click();
    await page.locator('.shell.is-collapsed').waitFor();
    await page.mouse.move(640, 400);
    await shoot(page, 'dashboard-collapsed', width, 'Dashboard, sidebar collapsed');
    await toggle.click();
  } else {
    await toggle.click();
    await page.locator('.shell.is-drawer-open').waitFor();
    await shoot(page, 'drawer', width, 'Phone navigation drawer');
    await page.keyboard.press('Escape');
    await page.locator('.shell.is-drawer-open').waitFor({ state: 'detached' });
  }

  await page.getByRole('button', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Business Profile' });
  await profile.getByRole('img', { name: /QR code/ }).waitFor();
  await shoot(page, 'profile', width, 'Business Profile dialog');
  await profile.getByLabel('Address').fill('14 Harbour Lane, Portsmouth PO1 3AA');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await discard.waitFor();
  await shoot(page, 'profile-discard', width, 'Business Profile: unsaved changes, "Discard unsaved changes?"');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await profile.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Profile' }).click();
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await profile.waitFor({ state: 'detached' });
  await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
  await shoot(page, 'profile-saved', width, 'Business Profile saved: the confirmation');
  await page.getByRole('button', { name: 'Dismiss' }).click();

  // The daily loop: the dashboard with its numbers and feed, followers, the package page.
  await page.getByRole('region', { name: 'Your Feed' }).getByRole('article').first().waitFor();
  await page.getByRole('img', { name: /Followers over the last 12 weeks/ }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'dashboard-stats', width, 'Dashboard: stats, composer and feed');
  await page.getByRole('region', { name: 'Your Feed' }).scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.post-card img')].every((i) => (i as HTMLImageElement).complete),
  );
  await shoot(page, 'dashboard-feed', width, 'Dashboard: the feed with pictures');
  await page.goto('/customers');
  await page.getByText('Page 1 of 3').waitFor();
  await shoot(page, 'followers', width, 'Your Followers');
  await page.locator('.follower-row').first().click();
  await page.getByRole('dialog', { name: 'Follower Details' }).getByText(/@/).waitFor();
  await shoot(page, 'follower-details', width, 'Follower Details');
  await page.keyboard.press('Escape');
  await page.goto('/package');
  await page.getByRole('button', { name: 'Current Plan' }).waitFor();
  await shoot(page, 'package', width, 'My Package');
  await vouchers(page, stack, width, heading);
  await bookingScreens(page, width);
  await page.goto('/');
  await page.getByRole('button', { name: 'Messages' }).waitFor();

  await page.getByRole('button', { name: 'Messages' }).click();
  const panel = page.getByRole('dialog', { name: 'Messages' });
  await panel.getByRole('button', { name: /Amelia Hughes/ }).waitFor();
  await shoot(page, 'messages', width, 'Messages panel');
  await panel.getByRole('button', { name: /Amelia Hughes/ }).click();
  await panel.getByRole('button', { name: 'Open full conversation' }).waitFor();
  await shoot(page, 'messages-expanded', width, 'Messages panel: a conversation expanded with its new messages');
  await panel.getByRole('tab', { name: 'Archived' }).click();
  await panel.getByRole('button', { name: /Oliver Nguyen/ }).waitFor();
  await shoot(page, 'messages-archived', width, 'Messages panel: the Archived tab');
  await panel.getByRole('tab', { name: 'Active' }).click();
  // Noah's conversation has nothing unread: opening it leaves the other shots' counts as they are.
  await panel.getByRole('button', { name: /Noah Patel/ }).click();
  await panel.getByRole('button', { name: 'Open full conversation' }).click();
  const chat = page.getByRole('dialog', { name: 'Conversation with Noah Patel' });
  await chat.locator('.chat-message').nth(1).waitFor();
  await chat.getByPlaceholder('Type your message...').fill('Your table by the window is ready.\nSee you soon!');
  await shoot(page, 'chat', width, 'Chat dialog');
}

/** Voucher Management, its dialogs, and the counter with a code a new customer claimed through the API. */
async function vouchers(page: Page, stack: Stack, width: Width, heading: (name: string) => Promise<void>) {
  await page.goto('/vouchers');
  await heading('Voucher Management');
  await page.getByRole('table').waitFor();
  await shoot(page, 'vouchers', width, 'Voucher Management');
  // Each width claims another voucher, so both show a code ready to redeem.
  const title = width === 1280 ? 'Free pastry with any coffee' : '10% off your whole order';
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
  await row.getByRole('button', { name: /^Show QR Code/ }).click();
  const qr = page.getByRole('dialog', { name: 'Issue Voucher via QR Code' }).getByRole('img');
  await qr.waitFor();
  const link = (await qr.getAttribute('data-link')) ?? '';
  await shoot(page, 'voucher-qr', width, 'Issue Voucher via QR Code');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create New Voucher' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Voucher' });
  await form.getByLabel('Title').fill('Tea');
  await form.getByRole('button', { name: 'Create Voucher' }).click();
  await form.getByText('Title must be at least 5 characters.').waitFor();
  await shoot(page, 'voucher-form', width, 'Create New Voucher, with the form’s messages');
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog', { name: 'Confirm Deletion' }).waitFor();
  await shoot(page, 'voucher-delete', width, 'Confirm Deletion');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Archived' }).click();
  await page.getByRole('button', { name: /^View/ }).first().waitFor();
  await shoot(page, 'vouchers-archived', width, 'Voucher Management: Archived');
  await page.getByRole('button', { name: /^View/ }).first().click();
  await page.getByRole('dialog', { name: 'Archived Voucher Details' }).getByText('Deleted By').waitFor();
  await shoot(page, 'voucher-archived-details', width, 'Archived Voucher Details');
  await page.keyboard.press('Escape');

  const { code } = await customerClaims(stack.baseUrl, voucherIdOfLink(link), `shots${width}`);
  await page.goto('/vouchers/redeem');
  await heading('Redeem a Voucher');
  await shoot(page, 'redeem', width, 'Redeem a Voucher');
  const box = page.getByLabel('Voucher code');
  await box.fill(code.toLowerCase());
  await box.press('Enter');
  await page.getByText('Ready to Redeem').waitFor();
  await shoot(page, 'redeem-ready', width, 'Redeem: a voucher ready to redeem');
  await page.getByRole('button', { name: 'Confirm Redemption' }).click();
  await page.getByRole('status').filter({ hasText: 'Voucher redeemed' }).waitFor();
  await shoot(page, 'redeem-done', width, 'Redeem: redeemed, ready for the next customer');
  await box.fill(code);
  await box.press('Enter');
  await page.getByText('Already Redeemed').waitFor();
  await shoot(page, 'redeem-already', width, 'Redeem: "Already Redeemed"');
}

/** Booking Setup (resources, schedule, a deletion with bookings ahead), the calendar, details, a new booking. */
async function bookingScreens(page: Page, width: Width) {
  await page.goto('/bookings/setup');
  await page.getByRole('button', { name: 'Schedule for Window Table' }).waitFor();
  await page.getByRole('region', { name: 'Closures' }).getByRole('button', { name: 'Add Closure' }).waitFor();
  await shoot(page, 'booking-setup', width, 'Booking Setup: resources and closures');
  await page.getByRole('button', { name: 'Schedule for Window Table' }).click();
  const schedule = page.getByRole('dialog', { name: 'Manage Schedule for Window Table' });
  await schedule.getByText('Sunday: 08:00 - 18:00').waitFor();
  await shoot(page, 'booking-schedule', width, 'Manage Schedule');
  await schedule.getByRole('button', { name: 'Delete Sunday: 08:00 - 18:00' }).click();
  const ruleQuestion = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await ruleQuestion.getByText(/"Sunday: 08:00 - 18:00" from the schedule of Window Table/).waitFor();
  await shoot(page, 'booking-rule-delete', width, 'Confirm Deletion of a weekly rule, over the schedule');
  await ruleQuestion.getByRole('button', { name: 'Cancel', exact: true }).click();
  await schedule.getByRole('button', { name: 'Close' }).last().click();
  const closures = page.getByRole('region', { name: 'Closures' });
  await closures.getByLabel('Reason (optional)').fill('Stocktake');
  await closures.getByRole('button', { name: 'Add Closure' }).click();
  await closures.getByText(/Stocktake/).waitFor();
  await closures
    .getByRole('button', { name: /^Remove closure/ })
    .last()
    .click();
  const removal = page.getByRole('alertdialog', { name: 'Remove Closure' });
  await removal.getByText(/Those days take bookings again/).waitFor();
  await shoot(page, 'booking-closure-remove', width, 'Remove Closure');
  await removal.getByRole('button', { name: 'Remove Closure' }).click();
  await removal.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Delete Window Table' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await confirm.getByRole('button', { name: 'Confirm Delete' }).click();
  await confirm.getByRole('button', { name: 'Cancel Bookings and Delete' }).waitFor();
  await shoot(page, 'booking-delete-ahead', width, 'Confirm Deletion of a resource with bookings ahead');
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();

  await page.goto('/bookings/calendar');
  await page.locator('.rbc-event').first().waitFor();
  await shoot(page, 'bookings-calendar', width, 'Bookings Calendar');
  await page.locator('.rbc-event').first().click();
  await page.getByRole('dialog', { name: 'Booking Details' }).getByText('Service / Resource').waitFor();
  await shoot(page, 'booking-details', width, 'Booking Details');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create Booking' }).click();
  const booking = page.getByRole('dialog', { name: 'Create New Booking' });
  await booking.getByLabel('Resource').selectOption({ label: 'Meeting Room' });
  await booking.getByLabel('Customer Email').fill('amelia.hughes.0@customers.example');
  const tomorrow = await page.evaluate(() => {
    const d = new Date(Date.now() + 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await booking.getByLabel('Date').fill(tomorrow);
  await booking.locator('button.slot').first().click();
  await shoot(page, 'create-booking', width, 'Create New Booking with a time chosen');
  await page.keyboard.press('Escape');
}

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error('Chromium is not installed (apt-get install chromium); no screenshots were taken.');
  process.exit(1);
}
const started = performance.now();
const stack = await startStack(chromiumPath);
let browser: Browser | undefined;
try {
  mkdirSync(OUT, { recursive: true });
  for (const file of readdirSync(OUT)) if (file.endsWith('.png')) rmSync(path.join(OUT, file));
  browser = await launchChromium(chromiumPath);
  for (const width of WIDTHS) await walk(browser, stack, width);

  const rows = [...new Set(written.map((w) => w.name))].map((name) => {
    const shots = written.filter((w) => w.name === name);
    const cells = WIDTHS.map((width) =>
      shots.some((s) => s.width === width) ? `[${width}](${name}-${width}.png)` : '—',
    );
    return `| ${shots[0]!.title} | ${cells.join(' | ')} |`;
  });
  writeFileSync(
    path.join(OUT, 'README.md'),
    [
      '# Screenshots',
      '',
      'Generated by `npm run screenshots` (scripts/screenshots.ts); do not edit by hand.',
      '',
      '| screen | 1280 px | 375 px |',
      '| --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
  console.log(
    `Wrote ${written.length} screenshots to docs/screenshots/ in ${((performance.now() - started) / 1000).toFixed(1)}s.`,
  );
} finally {
  await browser?.close();
  await stack.stop();
}
