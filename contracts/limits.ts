/** The package-limit texts of spec §5, shared by the server (which enforces the limits) and the portal. */
export const dailyPostLimitReached = (limit: number) =>
  `You've reached your daily post limit (${limit} posts). Upgrade your package to post more.`;

export const resourceLimitReached = (limit: number) =>
  `You've reached your bookable resource limit (${limit} resources). Upgrade your package to add more.`;

const MB = 1024 * 1024;
/** Photos a business may keep, in bytes, by package (README "Media storage"); an unknown package gets Free's. */
export const MEDIA_BYTES_BY_PACKAGE: Record<string, number> = {
  Free: 100 * MB,
  Starter: 1024 * MB,
  Pro: 5 * 1024 * MB,
};
export const mediaBytesLimit = (packageName: string) =>
  MEDIA_BYTES_BY_PACKAGE[packageName] ?? MEDIA_BYTES_BY_PACKAGE.Free!;

const size = (bytes: number) => (bytes >= 1024 * MB ? `${bytes / (1024 * MB)} GB` : `${Math.round(bytes / MB)} MB`);
export const mediaLimitReached = (bytes: number) =>
  `Your photos have reached the ${size(bytes)} your package includes. Delete posts with photos or upgrade your package to add more.`;

export const uploadLimitReached = (limit: number, minutes: number) =>
  `You've asked to upload ${limit} photos this hour, the most allowed. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
