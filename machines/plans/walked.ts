/**
 * The scenarios of each QA plan that tests/e2e/plans-walk.test.ts walks in Chromium as worded, named by
 * their event sequence (the generated test's name without the number; "#n" picks the n-th of several with
 * the same sequence), and why the others are not walked. The plans' index (docs/test-plans/README.md)
 * counts them; tests/e2e/support/walkers.ts says how each step is done and what each state looks like.
 */
export interface Walked {
  walk: string[];
  /**
   * Why the by-hand scenarios not in `walk` are not walked in CI, beyond what a scenario needs that the
   * walk does not arrange (a server restart, DevTools, a camera, a second tab, a long wait): '' when
   * every other one needs such a thing.
   */
  notWalked: string;
}

export const walkedInCi = {
  session: {
    walk: [
      'done.actor.checkSession(signed out) → session.loggedIn → done.actor.checkSession(signed in) → done.actor.fetchUser → done.actor.fetchBusiness',
    ],
    notWalked: '',
  },
  signIn: {
    walk: [
      'signIn.submit → error.actor.signIn(NotAuthorizedException)',
      'signIn.submit → done.actor.signIn(confirmSignUp) → signIn.submit → done.actor.signIn(signedIn)',
      'signIn.submit → signIn.submitNewPassword',
      'signIn.submit → done.actor.signIn(resetPassword)',
      'signIn.submit → done.actor.signIn(newPasswordRequired) → after.pendingSignInExpiry.signIn.ready.awaitingNewPassword → signIn.restart',
      'signIn.submit → done.actor.signIn(newPasswordRequired) → signIn.submitNewPassword → error.actor.confirmNewPassword(InvalidPasswordException) → signIn.submitNewPassword',
      'signIn.submit → done.actor.signIn(newPasswordRequired) → signIn.submitNewPassword → done.actor.confirmNewPassword(signedIn)',
    ],
    notWalked: '',
  },
  register: {
    walk: [
      'register.submit → done.actor.register',
      'register.submit → register.submit → done.actor.register',
      'register.submit → register.edit',
    ],
    notWalked: '',
  },
  verifyEmail: {
    walk: [
      '[Open the verification link from the email] done.actor.verifyEmail → after.loginRedirect.verifyEmail.succeeded',
      '[Open the verification link from the email] error.actor.verifyEmail(This verification link has already been used. You can sign in.)',
      '[Open /verify-email without a token] (first screen)',
    ],
    notWalked: '',
  },
  forgotPassword: {
    walk: [
      'forgotPassword.open → forgotPassword.submit → done.actor.requestPasswordReset → forgotPassword.close',
      'forgotPassword.open → forgotPassword.submit → forgotPassword.close → forgotPassword.open',
    ],
    notWalked: '',
  },
  resetPassword: {
    walk: [
      '[Open the reset link from the email] done.actor.checkResetToken → resetPassword.submit → resetPassword.submit',
      '[Open the reset link from the email] error.actor.checkResetToken(This password reset link has already been used. Please request a new one.)',
      '[Open /reset-password without a token] (first screen)',
    ],
    notWalked: '',
  },
  businessProfile: {
    walk: [
      '[Press "Profile" in the top bar] profile.cancel',
      '[Press "Profile" in the top bar] profile.locate → done.actor.locate',
      '[Press "Profile" in the top bar] profile.edit → profile.save → profile.print',
      '[Press "Profile" in the top bar] profile.edit → profile.cancel → profile.discard',
      '[Press "Profile" in the top bar] profile.edit → profile.edit → profile.save → profile.cancel → profile.keepEditing',
      '[Press "Profile" in the top bar] profile.locate → profile.edit',
      '[Press "Profile" in the top bar] profile.locate → profile.cancel',
      '[Press "Profile" in the top bar] profile.edit → profile.locate → profile.cancel',
      '[Press "Profile" in the top bar] profile.edit → profile.cancel → profile.cancel',
    ],
    notWalked: '',
  },
  shell: {
    walk: [
      'route.changed',
      'sidebar.toggle → sidebar.toggle#1',
      'sidebar.toggle → drawer.close',
      'sidebar.toggle → route.changed',
      'group.toggle → group.toggle',
      'group.toggle → route.changed',
      'panel.open → panel.close',
      'group.toggle → panel.open → panel.close',
    ],
    notWalked: '',
  },
  toast: {
    walk: ['toast.show → toast.dismiss', 'toast.show → after.toastDuration.toast.shown', 'toast.show → toast.show'],
    notWalked: '',
  },
  resendVerification: {
    walk: [
      '[Open a verification link that fails] resendVerification.submit → resendVerification.submit → done.actor.resendVerification',
    ],
    notWalked: '',
  },
  postComposer: {
    walk: [
      '[The dashboard of the demo business] post.edit',
      '[The dashboard of the demo business] post.attach',
      '[The dashboard of the demo business] post.edit → post.attach → post.attach → post.submit → done.actor.checkLimit → done.actor.getUploadTarget → done.actor.uploadPhoto → done.actor.createPost',
      '[The dashboard of the demo business] post.attach → post.submit → done.actor.checkLimit → error.actor.getUploadTarget(network)',
    ],
    notWalked: '',
  },
  followers: {
    walk: ['done.actor.loadPage → followers.export → done.actor.exportCsv'],
    notWalked: '',
  },
  vouchers: {
    walk: [
      'done.actor.loadVouchers → vouchers.qr → vouchers.download',
      'done.actor.loadVouchers → vouchers.delete → vouchers.close',
      'done.actor.loadVouchers → vouchers.show → done.actor.loadVouchers → vouchers.view → done.actor.loadVoucher → vouchers.close',
      'done.actor.loadVouchers → vouchers.show → done.actor.loadVouchers → vouchers.view → error.actor.loadVoucher(network) → vouchers.show → done.actor.loadVouchers',
      'done.actor.loadVouchers → vouchers.qr → vouchers.close',
      'done.actor.loadVouchers → vouchers.duplicate → vouchers.close',
    ],
    notWalked: '',
  },
  redeem: {
    walk: [
      'redeem.lookup',
      'redeem.edit → redeem.lookup → done.actor.lookupCode → redeem.confirm → done.actor.redeem → redeem.lookup',
      'redeem.edit → redeem.lookup → done.actor.lookupCode → redeem.edit#1',
      'redeem.edit → redeem.lookup → done.actor.lookupCode → redeem.lookup → done.actor.lookupCode#1',
      'redeem.edit → redeem.lookup → done.actor.lookupCode → redeem.confirm → done.actor.redeem → redeem.edit',
    ],
    notWalked: '',
  },
  messagesPanel: {
    walk: ['tab.select → tab.select'],
    notWalked: '',
  },
  bookingForm: {
    // The four slot reloads with a time chosen share one event sequence: the name walks all four.
    walk: [
      '[Press "Create Booking" on the Bookings Calendar] booking.edit',
      '[Press "Create Booking" on the Bookings Calendar] booking.edit → done.actor.loadSlots → booking.pickSlot',
      '[Press "Create Booking" on the Bookings Calendar] booking.edit → done.actor.loadSlots → booking.pickSlot → booking.submit',
      '[Press "Create Booking" on the Bookings Calendar] booking.edit → done.actor.loadSlots → booking.pickSlot → booking.edit → done.actor.loadSlots',
    ],
    notWalked: '',
  },
  voucherForm: {
    // Three scenarios share the first name (one field each): it walks all three. Saving is left out:
    // it would rename the demo voucher that the redeem and vouchers walks look for.
    walk: [
      '[Create New Voucher] done.actor.loadTypes → voucherForm.edit',
      '[Edit Voucher] done.actor.loadTypes → voucherForm.edit → voucherForm.submit → voucherForm.edit → voucherForm.edit',
    ],
    notWalked: 'saving renames the demo voucher that the redeem and vouchers walks look for',
  },
  bookingsCalendar: {
    walk: [
      '[The calendar on a computer] done.actor.loadResources → done.actor.loadBookings → calendar.view',
      '[The calendar on a computer] done.actor.loadResources → done.actor.loadBookings → calendar.open → calendar.close',
      '[The calendar on a computer] done.actor.loadResources → done.actor.loadBookings → calendar.view → calendar.navigate → error.actor.loadBookings(network) → calendar.retry → done.actor.loadBookings',
      '[The calendar on a computer] done.actor.loadResources → done.actor.loadBookings → calendar.create → calendar.cancelCreate',
    ],
    notWalked: '',
  },
  bookingClosures: {
    walk: [
      '[Closures, under the resources of Booking Setup] done.actor.loadClosures → closures.edit',
      '[Closures, under the resources of Booking Setup] done.actor.loadClosures → closures.edit → closures.edit → closures.add → closures.edit',
    ],
    notWalked: 'they remove or add a closure, and the demo is seeded with none (their "Before you start" adds one)',
  },
  acceptInvite: {
    walk: [
      '[Open the invitation link from the mail] error.actor.checkInvitation(This invitation link is invalid, has expired or was already used. Ask the business owner to send a new invitation.)',
      '[Open the invitation link from the mail] done.actor.checkInvitation → acceptInvite.submit',
      '[Open the invitation link from the mail] done.actor.checkInvitation → acceptInvite.submit → error.actor.acceptInvitation(This invitation link is invalid, has expired or was already used. Ask the business owner to send a new invitation.)',
      '[Open /accept-invite without a token] (first screen)',
    ],
    notWalked: '',
  },
  team: {
    walk: ['done.actor.loadTeam → team.remove → team.confirmRemove → done.actor.removeMember → done.actor.reloadTeam'],
    notWalked:
      'they would change the demo business the other browser tests share: #3 demotes its only owner (the walk signs in as it), #5 needs 50 invitations waiting (at most 20 can be sent an hour) and #6 20 sent within the hour, after which it cannot invite for an hour',
  },
  gettingStarted: {
    walk: [
      'done.actor.loadChecklist → checklist.dismiss → error.actor.dismissChecklist(network) → checklist.dismiss → done.actor.dismissChecklist',
    ],
    notWalked: 'the others need the demo checklist done or dismissed before the page opens',
  },
} satisfies Record<string, Walked>;
