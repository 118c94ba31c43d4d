import { BusinessProfile, type BusinessProfileUpdate } from '#contracts/businesses.ts';
import { api } from './client.ts';

/** Throws ApiError with status 404 when the owner has no business yet (the session treats that as "none"). */
export const getMyBusiness = (signal?: AbortSignal) => api.get('/api/businesses/me', BusinessProfile, { signal });

export const updateMyBusiness = (body: BusinessProfileUpdate, signal?: AbortSignal) =>
  api.put('/api/businesses/me', BusinessProfile, body, { signal });
