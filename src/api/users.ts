import { UserProfile } from '#contracts/users.ts';
import { api } from './client.ts';

export const getMe = (signal?: AbortSignal) => api.get('/api/users/me', UserProfile, { signal });
