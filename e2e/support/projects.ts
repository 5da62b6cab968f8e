/** The Playwright projects: every flow runs with JavaScript and without. */
export const PROJECTS = ['js', 'no-js'] as const;
export type ProjectName = (typeof PROJECTS)[number];

/** Where global setup leaves each project's own shop: E2E_BASE_URL_JS, E2E_BASE_URL_NO_JS. */
export function baseUrlVariable(project: ProjectName): string {
  return `E2E_BASE_URL_${project.replace('-', '_').toUpperCase()}`;
}

/**
 * The shop a project tests: its own (started by global setup, or given in its variable), else
 * E2E_BASE_URL — then both projects share one server and its data.
 */
export function baseUrlOf(project: ProjectName): string | undefined {
  return process.env[baseUrlVariable(project)] ?? process.env.E2E_BASE_URL;
}
