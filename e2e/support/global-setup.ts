import { PROJECTS, baseUrlOf, baseUrlVariable } from './projects';
import { startShopProcess } from './shop-process';

/**
 * One shop per Playwright project, so `js` and `no-js` never share stock, mail or fans. The
 * workers (started after this) read each project's address from the environment.
 */
export default async function globalSetup() {
  // A project given a running server (its own variable or E2E_BASE_URL) gets none started.
  const missing = PROJECTS.filter((project) => !baseUrlOf(project));
  const started = await Promise.allSettled(missing.map((project) => startShopProcess(project)));
  const shops = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  missing.forEach((project, index) => {
    process.env[baseUrlVariable(project)] = shops[index]!.baseUrl;
  });
  return stopAll;
}
