/**
 * The literal texts and delays of the product spec (../shared/spec/portal-spec.md) that the portal must
 * show word for word, copied here so the tests hold the SPEC, not the machines' own constants: a machine
 * or a view that changes one of these fails tests/unit/spec-texts.test.tsx. The same test checks that
 * every entry below still appears verbatim in the spec file (tests/spec/spec-file.ts finds it: SPEC_FILE,
 * or shared/spec/portal-spec.md beside or above the checkout); under CI=true a missing spec file fails it.
 */

/** Texts, by the spec section that states them. */
export const specTexts = {
  // §2 Routing and gating
  loading: 'Loading Application...',
  crashed: 'Something went wrong.',
  refresh: 'Refresh the Page',
  // §2 Shell
  defaultBusinessName: 'Your Business',
  // §2 Login
  forgotTitle: 'Forgot Password',
  forgotSentTitle: 'Check Your Email',
  forgotSent: "If an account with that email exists, we've sent you a password reset link.",
  // §2 Register
  registerTitle: 'Register Your Business',
  registerSuccess: 'Registration Successful!',
  goToLogin: 'Go to Login',
  // §2 New password required
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  setNewPassword: 'Set New Password and Sign In',
  // §2 Verify email
  verifySuccess: 'Verification Successful!',
  verifyFailed: 'Verification Failed',
  verifyNoToken: 'No verification token found. Please check the link and try again.',
  // §2 Reset password
  resetSuccess: 'Password Reset Successful',
  backToLogin: 'Back to Login',
  // §2 Business Profile modal
  profileTitle: 'Business Profile',
  businessName: 'Business Name',
  pickLocation: 'Pick Current Location',
  printQr: 'Print QR Code',
  saveProfile: 'Save Profile',
  // §2 Dashboard, post composer and feed card
  followerStats: 'Follower Stats',
  totalFollowers: 'Total Followers',
  newThisWeek: 'New This Week',
  voucherStats: 'Voucher Stats',
  totalTemplates: 'Total Templates',
  issuedThisWeek: 'Issued This Week',
  redeemedThisWeek: 'Redeemed This Week',
  yourFeed: 'Your Feed',
  feedEmpty: "You haven't made any posts yet.",
  post: 'Post',
  posting: 'Posting...',
  unknownAuthor: 'Unknown Author',
  // §2 Followers
  followersTitle: 'Your Followers',
  unnamed: 'Unnamed',
  followersEmpty: "You don't have any followers yet.",
  followerDetails: 'Follower Details',
  previous: 'Previous',
  next: 'Next',
  // §2 My Package
  myPackage: 'My Package',
  packageSubtitle: 'Manage your subscription and view usage',
  noPackage: 'No Package',
  customBranding: 'Custom Branding',
  availablePackages: 'Available Packages',
  approachingLimit: '⚠️ Approaching limit',
  currentPlan: 'Current Plan',
  freePlan: 'Free Plan',
  upgradeComingSoon: 'Upgrade Coming Soon',
  // §2 Voucher Management and Redeem a Voucher
  voucherManagement: 'Voucher Management',
  createNewVoucher: 'Create New Voucher',
  editVoucher: 'Edit Voucher',
  noActiveVouchers: 'No active vouchers found.',
  noArchivedVouchers: 'No archived vouchers found.',
  confirmDeletion: 'Confirm Deletion',
  cannotBeUndone: 'This action cannot be undone.',
  confirmDelete: 'Confirm Delete',
  archivedVoucherDetails: 'Archived Voucher Details',
  issueVoucherViaQr: 'Issue Voucher via QR Code',
  downloadAsPng: 'Download as PNG',
  showQrCode: 'Show QR Code',
  redeemTitle: 'Redeem a Voucher',
  lookUp: 'Look Up',
  readyToRedeem: 'Ready to Redeem',
  alreadyRedeemed: 'Already Redeemed',
  confirmRedemption: 'Confirm Redemption',
  redeeming: 'Redeeming...',
  voucherUsed: 'This voucher has already been redeemed and cannot be used again.',
  // §2 Messages panel and Chat dialog
  messagesActive: 'Active',
  messagesArchived: 'Archived',
  noMessagesYet: 'No messages yet',
  newPrefix: 'New: ',
  noNewMessages: 'No new messages',
  openConversation: 'Open full conversation',
  loadingConversations: 'Loading conversations...',
  conversationsErrorPrefix: 'Error: ',
  noConversations: 'No conversations yet',
  conversationWith: 'Conversation with',
  typeMessage: 'Type your message...',
  // §5 Validation rules
  resetMismatch: 'Passwords do not match.',
  resetTooShort: 'Password must be at least 8 characters long.',
  resetMissingToken: 'Invalid or missing reset token.',
  newPasswordMismatch: 'Passwords do not match',
  noChallenge: 'No active password challenge session found',
  postEmpty: 'Please add some content or an image.',
  postNoBusiness: 'Business profile not available.',
  postFileType: 'Invalid file type. Please select a JPG, PNG, or GIF.',
  postFileSize: 'File is too large. Max size is 5MB.',
  // §6 Roles
  accessDenied: 'Access Denied. You do not have permission to access the Business Portal.',
  // §8 Error catalogue
  unknownNetwork: 'An unknown network error occurred.',
  unconfirmed: 'Your account is not confirmed. Please check your email for a verification link.',
  signInFailed: 'An error occurred during sign in.',
  unexpectedStep: 'An unexpected sign-in step is required. Please try again.',
  newPasswordFailed: 'Failed to update password. Please try again.',
  resetRequestFailed: 'Failed to send reset email',
  resetFailed: 'Failed to reset password',
  resetNetwork: 'Network error. Please try again.',
  postFailed: 'Could not create the post.',
  followersFailed: 'Could not load followers.',
  followerFailed: 'Could not fetch follower details.',
  postsFailed: 'Error fetching posts',
  statsFailed: 'Error loading stats',
  packageFailed: 'Failed to load package information',
  voucherTypesFailed: 'Could not load voucher types.',
  voucherCreateFailed: 'Failed to create voucher.',
  voucherUpdateFailed: 'Failed to update voucher.',
  vouchersFailed: 'Could not load vouchers.',
  voucherDetailsFailed: 'Could not load voucher details.',
  voucherDeleteFailed: 'Could not delete voucher.',
  lookupFailed: 'Failed to look up voucher.',
  redeemFailed: 'Failed to redeem voucher.',
  // §2 Booking Setup, Bookings Calendar, Create Booking form; §5; §8 (bookings)
  noResources: 'No bookable resources found. Add one to get started!',
  noSchedule: 'No schedule defined yet.',
  bookingsCalendar: 'Bookings Calendar',
  allResources: 'All Resources',
  createBooking: 'Create Booking',
  createNewBooking: 'Create New Booking',
  loadingCalendar: 'Loading calendar...',
  bookingDetails: 'Booking Details',
  loadingSlots: 'Loading slots...',
  noSlots: 'No available slots for this selection.',
  booking: 'Booking...',
  pickSlot: 'Please select an available time slot.',
  resourcesFailed: 'Could not load resources.',
  deleteResourceFailed: 'Failed to delete resource.',
  scheduleFailed: 'Could not load schedule.',
  addRuleFailed: 'Failed to add rule.',
  deleteRuleFailed: 'Failed to delete rule.',
  slotsFailed: 'Could not load available slots.',
  bookingFailed: 'Failed to create booking.',
  calendarFailed: 'Could not load calendar bookings.',
} as const;

/** Delays: the spec's own phrase (checked verbatim) and the milliseconds it means. */
export const specDelays = {
  verifyRedirect: { phrase: 'Post-verification redirect 5 s', ms: 5_000 },
  resetRedirect: { phrase: 'post-reset redirect 3 s', ms: 3_000 },
  pendingSignIn: { phrase: 'Pending sign-in state expires after 3 minutes', ms: 180_000 },
  chatPoll: { phrase: 'Chat messages: poll every 10 s', ms: 10_000 },
  conversationsPoll: { phrase: 'Conversations: poll every 15 s', ms: 15_000 },
} as const;

/** The milliseconds a spec phrase states ("5 s", "3 minutes"). */
export function msOf(phrase: string): number {
  const match = /(\d+)\s*(s|minutes?)\b/.exec(phrase);
  if (!match) throw new Error(`no duration in "${phrase}"`);
  return Number(match[1]) * (match[2] === 's' ? 1_000 : 60_000);
}
