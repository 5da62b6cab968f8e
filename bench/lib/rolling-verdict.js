// @ts-check
// The pure parts of `npm run bench:restart` (issue 33): the order of the restarts, and what a run
// amounts to — every request that failed, every cart item a fan was told of that the database
// lacks. Both must be 0.

/**
 * The rolling restart's steps, one instance at a time: taken out of nginx's rotation (`drain`: the
 * file rendered with it `down` and reloaded, so nginx's old workers close their idle connections
 * to it themselves), stopped with SIGTERM, started again and waited for, put back (`restore`), then
 * the load runs on both for a while (`settle`). Without `drain` the instance is stopped while nginx
 * still sends it requests (its own 503s and refused connections are what nginx retries).
 * @param {readonly string[]} instances
 * @param {{ drain: boolean }} options
 * @returns {{ instance: string, action: 'drain' | 'stop' | 'start' | 'restore' | 'settle' }[]}
 */
export function restartPlan(instances, { drain }) {
  /** @type {('drain' | 'stop' | 'start' | 'restore' | 'settle')[]} */
  const actions = drain ? ['drain', 'stop', 'start', 'restore', 'settle'] : ['stop', 'start', 'settle'];
  return instances.flatMap((instance) => actions.map((action) => ({ instance, action })));
}

/** A reconciliation problem that is a cart item the fan was shown and the database lacks. */
const LOST_CART_ITEM = /: cart item \S+ is missing$/;

/**
 * The verdict from the load's summary and the reconciliation against the database. A failed
 * request is an answer the flow did not expect (every 5xx a flow meets is one) or no answer at
 * all; a 5xx outside the flows' expectations fails the run as well.
 * @param {{ requests: number, serverErrors: number, errors: { unexpected: number, network: number } }} summary
 * @param {{ ok: boolean, problems: string[] }} reconciliation
 */
export function rollingVerdict(summary, reconciliation) {
  const failedRequests = summary.errors.unexpected + summary.errors.network;
  const lostCartItems = reconciliation.problems.filter((problem) => LOST_CART_ITEM.test(problem)).length;
  return {
    requests: summary.requests,
    failedRequests,
    serverErrors: summary.serverErrors,
    lostCartItems,
    otherProblems: reconciliation.problems.filter((problem) => !LOST_CART_ITEM.test(problem)),
    pass: summary.requests > 0 && failedRequests === 0 && summary.serverErrors === 0 && reconciliation.ok,
  };
}
