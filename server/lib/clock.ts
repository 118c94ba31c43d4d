/** The one clock of the server. Tests pass their own to move time (token expiry, rate-limit windows). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
