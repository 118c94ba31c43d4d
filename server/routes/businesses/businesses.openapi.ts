import { BusinessProfile, BusinessProfileUpdate, Checklist, ChecklistUpdate } from '#contracts/businesses.ts';
import { UserStats, VoucherStats } from '#contracts/stats.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Business'];

/** businesses.routes.ts and stats.routes.ts. */
export const businessesApi = describeRoutes('owner', {
  'GET /api/businesses/me': {
    role: 'staff',
    summary: "The caller's business profile",
    tags,
    ok: { 200: BusinessProfile },
    errors: [404],
  },
  'PUT /api/businesses/me': {
    role: 'manager',
    summary: "Change the caller's business profile",
    tags,
    body: {
      schema: BusinessProfileUpdate,
      example: {
        businessname: 'Harbour Lane Coffee',
        description: 'Coffee and cake by the sea',
        address: '12 Harbour Lane',
        latitude: 50.1,
        longitude: -5.5,
        logourl: 'https://example.com/logo.png',
        timezone: 'Europe/London',
      },
    },
    ok: { 200: BusinessProfile },
    errors: [404],
  },
  'GET /api/businesses/me/user-stats': {
    role: 'staff',
    summary: 'Follower figures for the dashboard',
    tags,
    ok: { 200: UserStats },
    errors: [404],
  },
  'GET /api/businesses/me/voucher-stats': {
    role: 'staff',
    summary: 'Voucher figures for the dashboard',
    tags,
    ok: { 200: VoucherStats },
    errors: [404],
  },
  'GET /api/businesses/me/checklist': {
    summary: "The caller's getting-started checklist",
    description: 'Each step done or not, computed from the business data, and whether the owner dismissed it.',
    tags: ['Business'],
    ok: { 200: Checklist },
    errors: [404],
    role: 'manager',
  },
  'PUT /api/businesses/me/checklist': {
    summary: 'Dismiss the getting-started checklist, or mark the business QR code printed or downloaded',
    tags: ['Business'],
    body: { schema: ChecklistUpdate, example: { qrShared: true } },
    ok: { 200: Checklist },
    errors: [404],
    role: 'manager',
  },
});
