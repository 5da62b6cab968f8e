import net from 'node:net';
import { startShopProcess, type ShopProcess } from './support/shop-process';
import { expect, test } from './support/test';

/** A raw keep-alive connection: what a browser or proxy holds open between requests. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    received: () => received,
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
  };
}

const get = (path: string, port: number) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test.describe('stopping under keep-alive', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'a server behaviour: one shop process is enough');
  test.setTimeout(180_000);
  let shop: ShopProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    shop = await startShopProcess('drain');
  });

  test.afterAll(async () => {
    await shop?.stop();
  });

  test('SIGTERM closes idle connections, finishes the request in flight with Connection: close and starts no new one', async () => {
    const port = Number(new URL(shop!.baseUrl).port);

    // An idle keep-alive connection: one request answered, nothing in flight.
    const idle = connect(port);
    await idle.ready;
    idle.socket.write(get('/healthz', port));
    await until(() => idle.received().includes('"status":"ok"'), 'the idle connection got its answer');

    // A request in flight: a form post whose body has not fully arrived yet. `Expect: 100-continue`
    // makes Node answer "100 Continue" as it starts the request, so the stop is asked for only once
    // the server holds it — otherwise, on a busy machine, SIGTERM can win and the post is (rightly) a 503.
    const body = 'lng=en';
    const busy = connect(port);
    await busy.ready;
    busy.socket.write(
      `POST /language HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\nExpect: 100-continue\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\nlng=`,
    );
    await until(() => /^HTTP\/1\.1 100 Continue\r\n\r\n/.test(busy.received()), 'the server started the post');

    const exited = shop!.terminate();
    await idle.closed;

    // The rest of the body, and a second request right behind it on the same connection.
    busy.socket.write(`en${get('/healthz', port)}`);
    await busy.closed;
    const answers = busy.received().replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '').split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 3\d\d/);
    expect(answers[0]).toMatch(/\r\nConnection: close\r\n/i);
    // The second request was not started: no answer, or a bare 503 that closes the connection.
    for (const later of answers.slice(1)) expect(later).toMatch(/^HTTP\/1\.1 503[\s\S]*Connection: close/i);
    expect(busy.received()).not.toContain('shutting-down');

    expect(await exited).toBe(0);
    shop = undefined;
  });
});
