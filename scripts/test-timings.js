// @ts-check
// The slowest tests of a run, from Vitest's JSON report (Jest's shape: files with their
// assertionResults) and Playwright's (suites of specs of tests, each with its results).

/** @typedef {{ name: string; ms: number }} Timing */

/** @param {any} report Vitest's JSON report @returns {Timing[]} */
function vitestTimings(report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({ name: `${shortPath(file.name)} › ${test.fullName ?? test.title}`, ms: test.duration ?? 0 })),
  );
}

/** @param {any} suite a Playwright suite @returns {Timing[]} */
function playwrightSuite(suite) {
  const own = (suite.specs ?? []).flatMap((spec) =>
    (spec.tests ?? []).map((test) => ({
      name: `${spec.file} › [${test.projectName}] ${spec.title}`,
      ms: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0),
    })),
  );
  return [...own, ...(suite.suites ?? []).flatMap(playwrightSuite)];
}

/** A path from the repository's root on, whatever machine wrote the report. */
function shortPath(file) {
  const at = String(file).search(/(?:^|\/)(?:app|tests|e2e|vite|bench|scripts)\//);
  return at < 0 ? String(file) : String(file).slice(at).replace(/^\//, '');
}

/**
 * The `count` slowest tests across the reports, slowest first.
 * @param {any[]} reports Vitest's or Playwright's JSON reports
 * @param {number} count
 * @returns {Timing[]}
 */
export function slowestTests(reports, count) {
  const all = reports.flatMap((report) => (Array.isArray(report.testResults) ? vitestTimings(report) : (report.suites ?? []).flatMap(playwrightSuite)));
  return all.sort((a, b) => b.ms - a.ms || a.name.localeCompare(b.name)).slice(0, count);
}
