// Types of nginx.js for the e2e project's TypeScript (e2e/support/cluster.ts).
export type NginxRendering = {
  listen: string;
  instances: readonly string[];
  runDir: string;
  clientDir: string;
  user: string | null;
};
export type RunningNginx = {
  url: string;
  accessLog: () => Promise<string>;
  errorLog: () => Promise<string>;
  reload: (down: readonly string[]) => Promise<void>;
  stop: () => Promise<void>;
};
export const DEPLOYED_NGINX_CONF: string;
export const NGINX_BINARY: string;
export function renderNginxConfig(source: string, rendering: NginxRendering): string;
export function startNginx(options: { port: number; instances: readonly string[]; clientDir: string }): Promise<RunningNginx>;
