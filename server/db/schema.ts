import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BookingSource, BookingStatus } from '#contracts/bookings.ts';
import type { Role } from '#contracts/team.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- catalogue

/** Subscription plans; limits are what the package-usage checks enforce. */
export const packages = pgTable('packages', {
  packageid: serial('packageid').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  monthlyPrice: numeric('monthly_price', { precision: 10, scale: 2 }).notNull(),
  annualPrice: numeric('annual_price', { precision: 10, scale: 2 }).notNull(),
  followerLimit: integer('follower_limit').notNull(),
  postsPerDayLimit: integer('posts_per_day_limit').notNull(),
  bookableResourcesLimit: integer('bookable_resources_limit').notNull(),
  customBrandingEnabled: boolean('custom_branding_enabled').notNull().default(false),
  supportLevel: text('support_level').notNull().default('email'),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const voucherTypes = pgTable('voucher_types', {
  vouchertypeid: serial('vouchertypeid').primaryKey(),
  typename: text('typename').notNull().unique(),
});

// ---------------------------------------------------------------- identity

/**
 * A user of the identity provider. `username` is the canonical Cognito username (a UUID, like a pool
 * with e-mail aliases); it is USER_ID_FOR_SRP, so the verifier is bound to it. Passwords are never
 * stored: only the SRP salt and verifier.
 */
export const users = pgTable(
  'users',
  {
    userid: uuid('userid').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    firstname: text('firstname'),
    lastname: text('lastname'),
    /** CONFIRMED | UNCONFIRMED | FORCE_CHANGE_PASSWORD | RESET_REQUIRED */
    status: text('status').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    srpSalt: text('srp_salt').notNull(),
    srpVerifier: text('srp_verifier').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userid: uuid('userid')
      .notNull()
      .references(() => users.userid, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userid, t.groupName] })],
);

/**
 * One signed-in session: its id is the `origin_jti` claim of every token issued in it. Revoking the
 * session (RevokeToken, GlobalSignOut, password reset) stops its refresh tokens AND makes the API refuse
 * its access tokens, which stay cryptographically valid until they expire.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userid: uuid('userid')
      .notNull()
      .references(() => users.userid, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userid)],
);

/** Refresh tokens, stored as SHA-256 hashes; rotation marks the old one replaced. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Short-lived sign-in state between two identity calls, kept in the database so that any copy of the
 * process can answer the next call: the SRP exchange (keyed by a hash of SECRET_BLOCK) and the
 * NEW_PASSWORD_REQUIRED challenge (keyed by a hash of Session). Single use.
 */
export const authChallenges = pgTable('auth_challenges', {
  idHash: text('id_hash').primaryKey(),
  kind: text('kind').notNull(),
  /** Null for the decoy challenge of an unknown e-mail: stored all the same, so both cost the same. */
  userid: uuid('userid').references(() => users.userid, { onDelete: 'cascade' }),
  state: jsonb('state').notNull().$type<Record<string, string>>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** RS256 signing keys, generated on first start; the newest active one signs, all are published. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull().$type<Record<string, unknown>>(),
  publicJwk: jsonb('public_jwk').notNull().$type<Record<string, unknown>>(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limits (per IP, per account); shared by every process. */
export const rateLimits = pgTable('rate_limits', {
  bucket: text('bucket').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Single-use e-mail tokens (verification, password reset), stored as SHA-256 hashes. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userid: uuid('userid')
      .notNull()
      .references(() => users.userid, { onDelete: 'cascade' }),
    /** verify_email | password_reset */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userid, t.purpose)],
);

// ---------------------------------------------------------------- businesses

export const businesses = pgTable('businesses', {
  businessid: uuid('businessid').primaryKey(),
  ownerUserid: uuid('owner_userid')
    .notNull()
    .unique()
    .references(() => users.userid, { onDelete: 'cascade' }),
  businessname: text('businessname').notNull(),
  description: text('description'),
  address: text('address'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  logourl: text('logourl'),
  timezone: text('timezone').notNull(),
  packageid: integer('packageid')
    .notNull()
    .references(() => packages.packageid),
  negotiatedMonthlyPrice: numeric('negotiated_monthly_price', { precision: 10, scale: 2 }).notNull(),
  billingCycle: text('billing_cycle').notNull().default('month'),
  /** Booking settings (issue 24): minutes before a booking's start its reminder is mailed; null = no reminders. */
  reminderLeadMinutes: integer('reminder_lead_minutes').default(1440),
  /** Customers may cancel in the app until this many minutes before the start. */
  cancellationCutoffMinutes: integer('cancellation_cutoff_minutes').notNull().default(120),
  /** The owner is mailed when a customer books or cancels through the app. */
  notifyOwnerOfBookings: boolean('notify_owner_of_bookings').notNull().default(true),
  /** The getting-started checklist (issue 26): when the owner first printed or downloaded the business QR. */
  qrSharedAt: timestamp('qr_shared_at', { withTimezone: true }),
  /** When the owner dismissed the getting-started checklist (it never shows again). */
  checklistDismissedAt: timestamp('checklist_dismissed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- team (decision 026)

/**
 * Who works for a business, and as what. An account belongs to one business (the user id is the key);
 * every member is in the BusinessOwners group. The guard reads the business AND the role from here in
 * its one session statement. A removed member's row goes; their account stays, disabled, so "by {name}"
 * in the history keeps its name.
 */
export const businessMembers = pgTable(
  'business_members',
  {
    userid: uuid('userid')
      .primaryKey()
      .references(() => users.userid, { onDelete: 'cascade' }),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    invitedBy: uuid('invited_by').references(() => users.userid, { onDelete: 'set null' }),
  },
  (t) => [index('business_members_business_idx').on(t.businessid, t.role)],
);

/**
 * An invitation to join a business with a role: single use, valid INVITATION_DAYS, its token stored as
 * a SHA-256 hash like the account tokens. Pending = neither accepted nor revoked, and not expired.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    invitationid: uuid('invitationid').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.userid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('team_invitations_business_idx').on(t.businessid, t.createdAt)],
);

// ---------------------------------------------------------------- mail

/** Every mail the product sends. With the local transport this IS the mailbox; with SMTP, a log. */
/**
 * Every mail the portal sends, written in the same transaction as the change that causes it
 * (docs/decisions/019-outbox-and-jobs.md). With SMTP_URL a send job of the job engine (pg-boss, schema
 * `pgboss`) carries the row's id, which is the mail's key: the worker sends a `queued` row once and marks
 * it `sent`, or `failed` after its last retry. Without SMTP the local mailbox is the transport: the row
 * is `sent` at once. `held`: a mail to a stranger past the business's limit (never sent).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    links: jsonb('links').notNull().$type<string[]>(),
    transport: text('transport').notNull(),
    /** queued | sent | failed | held */
    status: text('status').notNull().default('sent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** The business whose owner's action caused the mail (bookings), for the stranger limit. */
    businessid: uuid('businessid').references(() => businesses.businessid, { onDelete: 'set null' }),
    /** Counted against the business's stranger limit (owner-written text to a stranger). */
    toStranger: boolean('to_stranger').notNull().default(false),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_stranger_idx').on(t.businessid, t.createdAt).where(sql`${t.toStranger}`),
  ],
);

// ---------------------------------------------------------------- customers and posts

/**
 * A customer (a Customers member of the identity pool) following a business. The follower limit of the
 * business's package is checked and this row written in one transaction that locks the business row.
 */
export const followers = pgTable(
  'followers',
  {
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    customerid: uuid('customerid')
      .notNull()
      .references(() => users.userid, { onDelete: 'cascade' }),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessid, t.customerid] }),
    index('followers_business_followed_idx').on(t.businessid, t.followedAt, t.customerid),
    index('followers_customer_idx').on(t.customerid),
  ],
);

/** A post to the business's followers: text, an image (a media key), or both. */
export const posts = pgTable(
  'posts',
  {
    postid: uuid('postid').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    /** Who wrote it; the feed shows the part of their e-mail before the @. */
    authorUserid: uuid('author_userid').references(() => users.userid, { onDelete: 'set null' }),
    content: text('content').notNull().default(''),
    /** A key of `media` uploaded by this business, or null. */
    imageKey: text('image_key'),
    createdAt: createdAt(),
    /**
     * Set when the owner deletes the post: the row stays so it still counts toward that day's post limit
     * (usage.ts postsToday), while every feed leaves it out and its image is removed from the media store.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('posts_business_created_idx').on(t.businessid, t.createdAt)],
);

// node-postgres sends a Buffer as bytea (a bare Uint8Array would be sent as text); PGlite takes either.
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded images. The key is issued with a signed, single-use upload target; the row is written when the
 * upload arrives (checked by content). `bytes` holds the file in the database store and is null when the
 * object lives in S3-compatible storage.
 */
export const media = pgTable(
  'media',
  {
    key: text('key').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes'),
    createdAt: createdAt(),
  },
  (t) => [index('media_business_idx').on(t.businessid)],
);

/** Signed upload targets: single use (usedAt), short-lived (expiresAt), bound to one business and key. */
export const uploadTargets = pgTable('upload_targets', {
  key: text('key').primaryKey(),
  /** SHA-256 of the random token in the upload URL: the URL is the capability, stored only hashed. */
  tokenHash: text('token_hash').notNull(),
  /** The type the owner declared; the bytes must be of this type (checked by content). */
  contentType: text('content_type').notNull(),
  businessid: uuid('businessid')
    .notNull()
    .references(() => businesses.businessid, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- vouchers

/**
 * A voucher template of a business. DELETE archives it (deletedAt, deletedBy): archived templates are
 * read-only and can no longer be claimed. startdate/enddate are calendar days in the business's zone.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    voucherid: uuid('voucherid').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    vouchertypeid: integer('vouchertypeid')
      .notNull()
      .references(() => voucherTypes.vouchertypeid),
    value: numeric('value', { precision: 10, scale: 2 }).notNull(),
    rules: text('rules').notNull(),
    startdate: date('startdate', { mode: 'string' }).notNull(),
    enddate: date('enddate', { mode: 'string' }).notNull(),
    isactive: boolean('isactive').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.userid, { onDelete: 'set null' }),
  },
  (t) => [index('vouchers_business_idx').on(t.businessid, t.createdAt)],
);

/**
 * A voucher a customer claimed: one per customer per template, with a code the owner redeems at the
 * counter. statusid 1 = ready, 2 = redeemed; redeeming is ONE conditional update on statusid = 1, so of
 * any number of simultaneous redeems exactly one changes the row. The code is unique across businesses
 * (random, server/lib/voucher-codes.ts); lookups are scoped to the business all the same.
 */
export const issuedVouchers = pgTable(
  'issued_vouchers',
  {
    issuedvoucherid: uuid('issuedvoucherid').primaryKey(),
    voucherid: uuid('voucherid')
      .notNull()
      .references(() => vouchers.voucherid, { onDelete: 'cascade' }),
    /** The template's business, kept here so every owner query scopes by it directly. */
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    customerid: uuid('customerid')
      .notNull()
      .references(() => users.userid, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    statusid: integer('statusid').notNull().default(1),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBy: uuid('redeemed_by').references(() => users.userid, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('issued_vouchers_voucher_customer_idx').on(t.voucherid, t.customerid),
    index('issued_vouchers_business_issued_idx').on(t.businessid, t.issuedAt),
    index('issued_vouchers_business_redeemed_idx').on(t.businessid, t.redeemedAt),
    index('issued_vouchers_customer_idx').on(t.customerid),
  ],
);

// ---------------------------------------------------------------- messaging

/**
 * One conversation per business and customer. The list's fields (last message, unread count, time of
 * the last message) are kept on the row, written in the same transaction as the message, so listing
 * is one indexed read. `version` grows with every change (message, read, archive), under the row lock
 * the UPDATE takes: it is the chat poll's ETag (docs/decisions/012-messaging-polls-and-etags.md).
 */
export const conversations = pgTable(
  'conversations',
  {
    conversationid: uuid('conversationid').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    customerid: uuid('customerid')
      .notNull()
      .references(() => users.userid, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** Customer messages the business has not read. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** Business messages the customer has not read. */
    customerUnreadCount: integer('customer_unread_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_business_customer_idx').on(t.businessid, t.customerid),
    index('conversations_business_active_idx').on(t.businessid, t.isActive, t.lastMessageAt),
    index('conversations_customer_idx').on(t.customerid, t.lastMessageAt),
  ],
);

/** A message of a conversation; `businessid` repeats the conversation's, so every owner query scopes by it. */
export const messages = pgTable(
  'messages',
  {
    messageid: uuid('messageid').primaryKey(),
    /** Strict order among messages of the same millisecond. */
    seq: serial('seq').notNull(),
    conversationid: uuid('conversationid')
      .notNull()
      .references(() => conversations.conversationid, { onDelete: 'cascade' }),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    senderType: text('sender_type').$type<'business' | 'customer'>().notNull(),
    senderUserid: uuid('sender_userid').references(() => users.userid, { onDelete: 'set null' }),
    messagetext: text('messagetext').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_created_idx').on(t.conversationid, t.createdAt, t.seq)],
);

/**
 * The per-business change counter of messaging: bumped in the transaction of every change to any of the
 * business's conversations, so the conversations poll's ETag is one primary-key read.
 */
export const messagingVersions = pgTable('messaging_versions', {
  businessid: uuid('businessid')
    .primaryKey()
    .references(() => businesses.businessid, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
});

// ---------------------------------------------------------------- bookings

/**
 * The bookings window's version per business (decision 023, as messaging_versions in 012): bumped in
 * the transaction of every change to what the calendar shows, so its ETag is one primary-key read.
 */
export const bookingVersions = pgTable('booking_versions', {
  businessid: uuid('businessid')
    .primaryKey()
    .references(() => businesses.businessid, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
});

/**
 * Something a customer books (a table, a chair, a room, a class). Creation checks the package's
 * bookable-resource limit under the business row's lock; bookings of one resource serialise on this row.
 */
export const bookingResources = pgTable(
  'booking_resources',
  {
    resourceid: uuid('resourceid').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    resourcename: text('resourcename').notNull(),
    description: text('description'),
    capacity: integer('capacity').notNull(),
    isactive: boolean('isactive').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('booking_resources_business_idx').on(t.businessid, t.createdAt)],
);

/** A weekly opening of a resource: day 0 (Sunday) to 6, local wall times in the business's zone. */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    availabilityid: uuid('availabilityid').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    resourceid: uuid('resourceid')
      .notNull()
      .references(() => bookingResources.resourceid, { onDelete: 'cascade' }),
    dayofweek: integer('dayofweek').notNull(),
    starttime: time('starttime').notNull(),
    endtime: time('endtime').notNull(),
  },
  (t) => [index('availability_rules_resource_idx').on(t.resourceid, t.dayofweek, t.starttime)],
);

/** Dates (inclusive, in the business's zone) on which one resource, or the whole business (null), takes no bookings. */
export const bookingClosures = pgTable(
  'booking_closures',
  {
    closureid: uuid('closureid').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    resourceid: uuid('resourceid').references(() => bookingResources.resourceid, { onDelete: 'cascade' }),
    startdate: date('startdate').notNull(),
    enddate: date('enddate').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('booking_closures_business_idx').on(t.businessid, t.enddate)],
);

/**
 * Who a booking is for, per business: an app customer (userid) with that e-mail, or a guest known only
 * by the e-mail the owner typed. Names are shown only for customers who follow the business or booked
 * with it in the app.
 */
export const bookingCustomers = pgTable(
  'booking_customers',
  {
    id: uuid('id').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userid: uuid('userid').references(() => users.userid, { onDelete: 'set null' }),
    /** First booking made by the customer in the app: their name shows from then on (decision 023). */
    appBookedAt: timestamp('app_booked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_customers_business_email_idx').on(t.businessid, sql`lower(${t.email})`),
    // The customer app's "my bookings": its rows of every business.
    index('booking_customers_user_idx').on(t.userid),
  ],
);

/**
 * A booking: instants in UTC. Written only inside a transaction holding the resource row's lock, after
 * the slot was computed again. Cancelled bookings stay (cancelledAt) and free their places.
 */
export const bookings = pgTable(
  'bookings',
  {
    bookingid: uuid('bookingid').primaryKey(),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    resourceid: uuid('resourceid')
      .notNull()
      .references(() => bookingResources.resourceid, { onDelete: 'cascade' }),
    customerid: uuid('customerid')
      .notNull()
      .references(() => bookingCustomers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    partysize: integer('partysize').notNull(),
    notes: text('notes'),
    /** confirmed | no_show | completed (the owner moves freely among them) | cancelled (final, with cancelledAt). */
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** How it was made: 'owner' (the portal) or 'app' (the customer; no longer a stranger to the relay). */
    source: text('source').$type<BookingSource>().notNull().default('owner'),
    /** Who did it (decision 026): the member's user id; null when the customer did it in the app. */
    createdBy: uuid('created_by').references(() => users.userid, { onDelete: 'set null' }),
    changedBy: uuid('changed_by').references(() => users.userid, { onDelete: 'set null' }),
    cancelledBy: uuid('cancelled_by').references(() => users.userid, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The calendar's window (business, then time) and the slot check's day (resource, then time).
    index('bookings_business_starts_idx').on(t.businessid, t.startsAt),
    index('bookings_resource_starts_idx').on(t.resourceid, t.startsAt),
  ],
);

/**
 * What a booking's mails need beyond the booking (issue 24, server/routes/bookings/booking-notices.ts):
 * the calendar file's SEQUENCE (raised by each change, so calendars replace the event) and its reminder.
 * `remindAt` is when the reminder is due (null: none); the sweep of the job engine marks `remindedAt`
 * with a conditional update in the transaction that writes the mail, so a reminder is written once
 * whichever copies sweep. A move sets a new `remindAt` and clears `remindedAt`; a cancellation clears
 * `remindAt` (docs/decisions/024-booking-mails-and-reminders.md).
 */
export const bookingNotices = pgTable(
  'booking_notices',
  {
    bookingid: uuid('bookingid')
      .primaryKey()
      .references(() => bookings.bookingid, { onDelete: 'cascade' }),
    businessid: uuid('businessid')
      .notNull()
      .references(() => businesses.businessid, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    remindAt: timestamp('remind_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The confirmation went to the customer (it was not held): their reminder is not counted again. */
    confirmationSent: boolean('confirmation_sent').notNull().default(false),
  },
  (t) => [
    index('booking_notices_due_idx').on(t.remindAt).where(sql`${t.remindedAt} is null`),
    index('booking_notices_business_idx').on(t.businessid),
  ],
);

/** Files attached to a mail of the outbox (a booking's .ics), kept with it for the development mailbox. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: uuid('id').primaryKey(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: text('content').notNull(),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mailId)],
);
