import { BusinessProfile, BusinessProfileUpdate } from '#contracts/businesses.ts';
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
});
