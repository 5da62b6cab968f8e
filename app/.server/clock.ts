/**
 * The shop's only source of "now". Services, jobs and loaders ask the clock they were given,
 * so tests can stand at an exact instant (a promo's last second, a birthday, a season's first
 * day) instead of whenever they happen to run.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
