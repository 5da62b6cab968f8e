// Launcher: loads the Express app (through Vite in development, from the build otherwise),
// listens, and shuts down gracefully on SIGTERM/SIGINT (drain connections, close the DB).
import { existsSync } from 'node:fs';
import http from 'node:http';

const development = process.argv.includes('--dev');

// The shop's production strictness (required SESSION_SECRET and PUBLIC_URL, HSTS, secure cookies,
// no /dev pages, all interfaces) follows the NODE_ENV the operator gave; React's build does not:
// outside --dev it is always the production one (the development build costs ~7 ms per page).
// React reads NODE_ENV once, when the build first imports it, just below.
const shopEnv = { ...process.env };
if (!development) process.env.NODE_ENV = 'production';

async function loadServerModule() {
  if (development) {
    const { createServer } = await import('vite');
    const viteDevServer = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    return { module: await viteDevServer.ssrLoadModule('./server.ts'), viteDevServer };
  }
  const entry = new URL('./build/server/index.js', import.meta.url);
  if (!existsSync(entry)) {
    console.error('The shop is not built yet: run `npm run build` (or `npm start`, which builds first).');
    process.exit(1);
  }
  return { module: await import(entry.href), viteDevServer: undefined };
}

const { module, viteDevServer } = await loadServerModule();
// Which React build the pages render with, as React itself shows it: captureOwnerStack exists
// only in its development build. Logged when listening (e2e/react-build.spec.ts reads it).
const reactBuild = 'captureOwnerStack' in (await import('react')).default ? 'development' : 'production';
let shop;
try {
  shop = await module.createShopServer({ viteDevServer, env: shopEnv });
} catch (error) {
  if (error instanceof Error && error.name === 'ConfigError') {
    // One clear line that names the variable, no stack trace.
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Node's defaults let a slow client hold a socket for 5 minutes (requestTimeout 300 s): here the
// whole request must arrive within 30 s and its headers within 10 s, or Node answers 408 and
// closes; the check runs every few seconds (Node's default: 30 s). Headers stay capped at Node's
// 16 KB (maxHeaderSize; 431 beyond). REQUEST_TIMEOUT_MS shortens it for tests.
const requestTimeout = Number(process.env.REQUEST_TIMEOUT_MS) || 30_000;
const serverOptions = {
  requestTimeout,
  headersTimeout: Math.min(10_000, requestTimeout),
  connectionsCheckingInterval: Math.min(5_000, requestTimeout / 5),
};

// Draining: once a stop is asked for, responses in flight close their connection, and a
// request arriving on an old keep-alive connection is not started (503, closed) — the client
// retries on a new connection, which reaches another instance.
let stopping = false;
const inFlight = new Set();
const server = http.createServer(serverOptions, (req, res) => {
  if (stopping) {
    res.writeHead(503, { Connection: 'close', 'Retry-After': '1' }).end();
    return;
  }
  inFlight.add(res);
  res.on('close', () => inFlight.delete(res));
  shop.app(req, res);
});

// An idle keep-alive connection stays open 65 s (Node's default: 5 s), longer than nginx keeps its
// idle upstream connections (keepalive_timeout 60s in deploy/nginx.conf): so the proxy always
// closes first and never sends a request down a connection Node is closing at that moment (the
// load bench saw ECONNRESET, which nginx cannot retry for a POST). Draining still closes idle
// connections at once (closeIdleConnections below).
server.keepAliveTimeout = 65_000;

server.listen(shop.port, shop.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : shop.port;
  shop.logger.info({ port, host: shop.host, react: reactBuild }, `shop listening on http://localhost:${port}`);
});

function closeConnectionAfter(res) {
  if (!res.headersSent) {
    res.setHeader('Connection', 'close');
    return;
  }
  // Already streaming with keep-alive: end the connection once this response is complete.
  const socket = res.socket;
  res.once('finish', () => socket?.end());
}

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  shop.logger.info({ signal, inFlight: inFlight.size }, 'shutting down: draining connections');
  for (const res of inFlight) closeConnectionAfter(res);
  shop.beginShutdown();
  const forceTimer = setTimeout(() => {
    shop.logger.warn('drain timed out: closing remaining connections');
    server.closeAllConnections();
  }, shop.shutdownTimeoutMs);
  forceTimer.unref();
  server.close(async () => {
    clearTimeout(forceTimer);
    try {
      await viteDevServer?.close();
      await shop.close();
      shop.logger.info('stopped');
      process.exit(0);
    } catch (error) {
      shop.logger.error({ err: error }, 'error while closing');
      process.exit(1);
    }
  });
  // Keep-alive connections with no request in flight would hold the server open until they time out.
  server.closeIdleConnections();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
