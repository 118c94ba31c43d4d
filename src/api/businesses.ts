import { BusinessProfile, type BusinessProfileUpdate, Checklist, type ChecklistUpdate } from '#contracts/businesses.ts';
import { api } from './client.ts';

/** Throws ApiError with status 404 when the owner has no business yet (the session treats that as "none"). */
export const getMyBusiness = (signal?: AbortSignal) => api.get('/api/businesses/me', BusinessProfile, { signal });

export const updateMyBusiness = (body: BusinessProfileUpdate, signal?: AbortSignal) =>
  api.put('/api/businesses/me', BusinessProfile, body, { signal });

/** The getting-started checklist (issue 26). */
export const getChecklist = (signal?: AbortSignal) => api.get('/api/businesses/me/checklist', Checklist, { signal });

/** `{dismissed: true}` or `{qrShared: true}`; answers the checklist as it now is. */
export const updateChecklist = (body: ChecklistUpdate, signal?: AbortSignal) =>
  api.put('/api/businesses/me/checklist', Checklist, body, { signal });
