import { ActivePlans, CanAddResource, CanCreatePost, PackageDashboard } from '#contracts/packages.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Package'];
const businessid = { businessid: "The caller's own business id (another answers 404)." };

/** packages.routes.ts. */
export const packagesApi = describeRoutes('owner', {
  'GET /api/packages/active': { role: 'owner', summary: 'The plans on offer', tags, ok: { 200: ActivePlans } },
  'GET /api/packages/usage/:businessid/dashboard': {
    role: 'owner',
    summary: "The business's plan and its usage",
    tags,
    params: businessid,
    ok: { 200: PackageDashboard },
  },
  'GET /api/packages/usage/:businessid/can-create-post': {
    role: 'manager',
    summary: 'Whether another post fits in today',
    tags,
    params: businessid,
    ok: { 200: CanCreatePost },
  },
  'GET /api/packages/usage/:businessid/can-add-resource': {
    role: 'manager',
    summary: 'Whether another bookable resource fits the plan',
    tags,
    params: businessid,
    ok: { 200: CanAddResource },
  },
});
