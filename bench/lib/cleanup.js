// @ts-check
// Undoing what the bench started (builds, servers, temp directories, worktrees), whatever happens.

/**
 * Everything that must be undone, whatever happens: the build, the server, the temp directory.
 * Runs once, in reverse order of registration.
 */
export class Cleanup {
  /** @type {(() => Promise<unknown> | void)[]} */
  #tasks = [];
  /** @type {(() => void)[]} */
  #lastResorts = [];
  /** @type {Promise<void> | undefined} */
  #running;

  /** @param {() => Promise<unknown> | void} task @param {() => void} [lastResort] synchronous, for process exit */
  add(task, lastResort) {
    this.#tasks.push(task);
    if (lastResort) this.#lastResorts.push(lastResort);
  }

  run() {
    this.#running ??= (async () => {
      for (const task of this.#tasks.toReversed()) {
        try {
          await task();
        } catch (error) {
          console.error(`bench: cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      this.#lastResorts = [];
    })();
    return this.#running;
  }

  /** On process exit, if run() did not finish (a second Ctrl-C, an uncaught error). */
  runLastResorts() {
    for (const lastResort of this.#lastResorts) {
      try {
        lastResort();
      } catch {
        // best effort
      }
    }
  }
}
