import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { availabilityContext } from '../context';
import * as catchAll from '../routes/site/catch-all';
import * as home from '../routes/site/home';
import * as misspeltGiftLink from '../routes/gift/reedem-gift';
import { availabilityMiddleware, REDIRECT_ONLY_PATTERNS } from './availability';

function outage(): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(availabilityContext, { isAvailable: () => false, report: () => false });
  return context;
}

const run = async (pattern: string) => {
  const url = new URL('http://shop.test/anything');
  const args = { request: new Request(url), url, pattern, params: {}, context: outage() };
  return availabilityMiddleware(args as never, async () => new Response('page', { status: 200 }));
};

describe('availabilityMiddleware during an outage', () => {
  it('answers 503 for every page and action', async () => {
    for (const pattern of ['products', 'products/:id', 'cart', 'checkout']) {
      await expect(run(pattern)).rejects.toMatchObject({ init: { status: 503 } });
    }
  });

  it('lets the redirect-only routes redirect, so the fan lands on a page with the 503 screen', async () => {
    for (const pattern of REDIRECT_ONLY_PATTERNS) expect(((await run(pattern)) as Response).status).toBe(200);
  });

  it('lists only routes that redirect without reading anything (their loaders get no context here)', async () => {
    const request = new Request('http://shop.test/reedem-gift?code=A');
    const answers = [home.loader(), catchAll.loader(), catchAll.action(), misspeltGiftLink.loader({ request } as never)];
    expect(answers.map((answer) => [answer.status, answer.headers.get('Location')])).toEqual([
      [302, '/products'],
      [302, '/'],
      [302, '/'],
      [301, '/redeem-gift?code=A'],
    ]);
    expect(REDIRECT_ONLY_PATTERNS.size).toBe(3);
  });
});
