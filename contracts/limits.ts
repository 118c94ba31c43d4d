/** The package-limit texts of spec §5, shared by the server (which enforces the limits) and the portal. */
export const dailyPostLimitReached = (limit: number) =>
  `You've reached your daily post limit (${limit} posts). Upgrade your package to post more.`;

export const resourceLimitReached = (limit: number) =>
  `You've reached your bookable resource limit (${limit} resources). Upgrade your package to add more.`;
