// @ts-check
// The last units, as a bench scenario of `npm run bench:load` (issue 32): two shop instances on
// one PostgreSQL database, 50 fans each with the club card of one size in their cart, 10 units
// left, everyone presses pay at once. Exactly 10 orders, stock 0, and checkout's p99 ≤ 1 s.
// tests/orders.test.ts proves the rule in process; this measures it over HTTP. See bench/README.md.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { percentile } from './in-process.js';
import { createPostgresDatabase, openPostgres } from './load-db.js';
import { cartItemIdsIn, checkoutFormIn, Fan, isOk, redirectsTo } from './load-fan.js';
import { prepareFan } from './load-flows.js';
import { processCpuMs } from './load.js';
import { inBatches, STARTUP_TIMEOUT_MS } from './load-mix.js';
import { StepRecorder, summariseRecorder } from './load-stats.js';
import { BenchError, freePort, launchServer } from './server.js';

/** The size the buyers race for, and the one the warm-up orders take (so the race's stock is untouched). */
const RACE_VARIANT = 'jcard-52';
const WARMUP_VARIANT = 'jcard-48';
/** Issue 32's target for checkout under the race, p99. */
export const RACE_TARGET_P99_MS = 1000;

/** A scan of an identity document as the card's form takes it: a real PNG (1 × 1, grey). */
export function documentScan() {
  /** @param {string} type @param {Buffer} data */
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]); // 1 × 1, 8-bit greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 0x80]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Blob([png], { type: 'image/png' });
}

/**
 * A club card of `variantId` for the fan, through the card's configure form (multipart, with
 * its document), shipped to the fan's saved address; then checkout's form as the page has it.
 * @param {Fan} fan
 * @param {string} variantId
 */
async function cardReadyForCheckout(fan, variantId) {
  const formPath = '/products/jcard/configure/buy';
  const opened = await fan.request('GET configure → 302 new form', formPath, { expect: redirectsTo(formPath) });
  const form = new FormData();
  for (const [name, value] of Object.entries({ buyFor: 'BUY_CARD', variantId, documentType: 'IDENTITY', customization: 'ADA' })) form.append(name, value);
  form.append('documentFront', documentScan(), 'front.png');
  const added = await fan.request('POST add card → 303', /** @type {URL} */ (opened.location), { multipart: form });
  if (!redirectsTo('/cart')(added)) throw new BenchError(`adding ${fan.email}'s card failed: ${added.status} ${errorSummaryIn(added.html)}`);
  const cart = await fan.request('GET /cart', '/cart', { expect: isOk });
  const [itemId] = cartItemIdsIn(cart.html);
  const addressId = /<option[^>]*value="([0-9a-f-]{36})"/.exec(cart.html)?.[1];
  if (!itemId || !addressId) throw new BenchError(`${fan.email}'s cart shows no card to ship (item ${itemId}, address ${addressId})`);
  await fan.request('POST ship item → 303', '/cart', { form: { intent: 'address', itemId, addressId }, expect: redirectsTo('/cart') });
  const checkout = await fan.request('GET /checkout', '/checkout', { expect: isOk });
  const pay = checkoutFormIn(checkout.html);
  if (!pay) throw new BenchError(`${fan.email}: /checkout shows no form`);
  return pay;
}

/**
 * @param {{ root: string, postgresUrl: string, buyers: number, units: number, cpuProfileDir?: string | null, cleanup: import('./cleanup.js').Cleanup,
 *   progress: (text: string) => void }} input
 */
export async function measureRace({ root, postgresUrl, buyers, units, cpuProfileDir = null, cleanup, progress }) {
  const made = await createPostgresDatabase(postgresUrl);
  if ('skipped' in made) return { skipped: made.skipped };
  cleanup.add(made.drop);
  // One shop behind a proxy: the same secrets (sessions, the documents' key), one database.
  const env = { DATABASE_URL: made.url, SESSION_SECRET: randomBytes(32).toString('hex'), UPLOADS_KEY: randomBytes(32).toString('hex'), SIGN_UPS_PER_IP: String(buyers + 100) };
  // `--cpu-prof DIR`: each instance writes a V8 CPU profile into DIR when it stops.
  const nodeArgs = cpuProfileDir === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`];
  const instances = [];
  for (const name of ['A', 'B']) {
    progress(`race: starting instance ${name} on ${made.name}`);
    const server = launchServer(root, await freePort(), { env, keepData: true, nodeArgs });
    cleanup.add(() => rm(server.dataDir, { recursive: true, force: true }));
    cleanup.add(() => server.stop(), server.stopNow);
    await server.ready(STARTUP_TIMEOUT_MS);
    instances.push(server);
  }
  const db = await openPostgres(made.url);
  cleanup.add(() => db.close());
  const setStock = (/** @type {string} */ variant, /** @type {number} */ stock) => db.query('update product_variants set stock_qty = $1 where id = $2', [stock, variant]);
  await setStock(RACE_VARIANT, buyers + 10);
  await setStock(WARMUP_VARIANT, 10);

  const setup = new StepRecorder();
  // Fan i shops on instance i % 2 throughout; the last two only warm the checkout of each instance up.
  const fans = Array.from({ length: buyers + 2 }, (_, index) => new Fan(/** @type {import('./server.js').Server} */ (instances[index % 2]).baseUrl, `race-${index}-${randomBytes(3).toString('hex')}@example.org`, setup));
  progress(`race: ${fans.length} fans sign up and put a club card in their cart through the real pages`);
  /** @type {Record<string, string>[]} */
  const forms = [];
  await inBatches(fans.length, 8, async (index) => {
    const fan = /** @type {Fan} */ (fans[index]);
    await prepareFan(fan);
    forms[index] = await cardReadyForCheckout(fan, index < buyers ? RACE_VARIANT : WARMUP_VARIANT);
  });
  for (const index of [buyers, buyers + 1]) {
    const fan = /** @type {Fan} */ (fans[index]);
    await fan.request('warm-up checkout', '/checkout', { form: forms[index], expect: (answer) => answer.status === 303 && Boolean(answer.location?.pathname.startsWith('/_psp/pay/')) });
  }
  await setStock(RACE_VARIANT, units);

  progress(`race: ${buyers} buyers press pay at once for ${units} units, on two instances`);
  const recorder = new StepRecorder();
  /** @type {Record<string, number>} */
  const outcomes = { placed: 0, soldOut: 0, other: 0 };
  // The instances' CPU over the race (both, /proc): what a checkout costs, whatever else the machine runs.
  const cpuOf = () => instances.reduce((/** @type {number | null} */ sum, server) => { const ms = processCpuMs(server.pid); return sum === null || ms === null ? null : sum + ms; }, 0);
  const cpuBefore = cpuOf();
  const started = performance.now();
  await Promise.all(
    fans.slice(0, buyers).map(async (fan, index) => {
      fan.recorder = recorder;
      try {
        const answer = await fan.request('POST checkout (pay)', '/checkout', { form: forms[index] });
        const where = answer.status === 303 ? answer.location?.pathname ?? '' : '';
        const outcome = where.startsWith('/_psp/pay/') ? 'placed' : where === '/cart' ? 'soldOut' : 'other';
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (outcome === 'other') recorder.failure('unexpected', `${fan.email}: ${answer.status} ${where}`);
      } catch {
        outcomes.other = (outcomes.other ?? 0) + 1; // no answer: counted by the recorder as network
      }
    }),
  );
  const wallMs = performance.now() - started;
  const cpuAfter = cpuOf();
  const cpuMsPerCheckout = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / buyers;
  const times = recorder.steps.get('POST checkout (pay)')?.ms ?? [];
  const [stock] = await db.query('select stock_qty from product_variants where id = $1', [RACE_VARIANT]);
  const [ordered] = await db.query(`select count(*)::int as items, count(distinct oi.order_id)::int as orders from order_items oi where oi.variant_id = $1`, [RACE_VARIANT]);
  const checked = { stockLeft: Number(stock?.stock_qty), ordersWithTheSize: Number(ordered?.orders), unitsOrdered: Number(ordered?.items) };
  const p99Ms = percentile(times, 99);
  const summary = summariseRecorder(recorder, wallMs / 1000);
  const correct = outcomes.placed === units && outcomes.soldOut === buyers - units && checked.stockLeft === 0 && checked.unitsOrdered === units && checked.ordersWithTheSize === units;
  return {
    buyers,
    units,
    instances: 2,
    outcomes,
    checked,
    correct,
    serverErrors: summary.serverErrors,
    errors: summary.errors,
    examples: summary.examples,
    p50Ms: percentile(times, 50),
    p99Ms,
    maxMs: times.length > 0 ? Math.max(...times) : null,
    wallMs,
    cpuMsPerCheckout,
    targetP99Ms: RACE_TARGET_P99_MS,
    pass: p99Ms !== null && p99Ms <= RACE_TARGET_P99_MS,
  };
}

/** A refused form's messages, as text (for the bench's error message). @param {string} html */
function errorSummaryIn(html) {
  const alert = /role="alert"[^>]*>([\s\S]*?)<\/(?:div|section|ul)>/.exec(html)?.[1] ?? html.slice(0, 300);
  return alert.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}
