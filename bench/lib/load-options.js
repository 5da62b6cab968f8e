// @ts-check
// `npm run bench:load`'s command line (bench/README.md, "Load"), apart so that node:test can check it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_POSTGRES_URL } from './load-db.js';
import { BenchError } from './server.js';

/** What a run measures: both parts, the 200 fans' mix only, or the last-units race only. */
const SCENARIOS = ['all', 'mix', 'race'];

export const USAGE = `usage: node bench/load.js [--fans N] [--duration S] [--warmup S] [--think MS] [--databases LIST] [--race-buyers N] [--race-units N] [--seed N] [--scenario WHICH] [--cpu-prof DIR] [--no-build] [--no-pin]

  --fans N          concurrent virtual fans (default 200)
  --duration S      measured seconds per database (default 60)
  --warmup S        seconds of the mix before the clock, not counted (default 5)
  --think MS        mean pause between a fan's scenarios, ms (default 0: each fan goes on at once)
  --databases LIST  pglite,postgres (default both); PostgreSQL is the server of DATABASE_TEST_URL
                    (default ${DEFAULT_POSTGRES_URL}), a fresh database per run, dropped afterwards
  --race-buyers N   buyers in the last-units race on PostgreSQL (default 50; 0 skips it)
  --race-units N    units left for them (default 10)
  --seed N          the fans' choices (default 1)
  --scenario WHICH  all (default), mix (the 200 fans only) or race (the last-units race only)
  --cpu-prof DIR    the race's two instances write V8 CPU profiles (node --cpu-prof) into DIR
  --no-build        serve the existing build/ instead of running \`npm run build\` first
  --no-pin          do not pin the shop to CPU 0 and the load generator to CPU 1
`;

/** @param {string[]} argv */
export function parseLoadOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      fans: { type: 'string', default: '200' },
      duration: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '5' },
      think: { type: 'string', default: '0' },
      databases: { type: 'string', default: 'pglite,postgres' },
      'race-buyers': { type: 'string', default: '50' },
      'race-units': { type: 'string', default: '10' },
      seed: { type: 'string', default: '1' },
      scenario: { type: 'string', default: 'all' },
      'cpu-prof': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'no-pin': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  /** @param {keyof typeof values} name @param {number} min */
  const whole = (name, min) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min) throw new BenchError(`--${name} must be a whole number ≥ ${min}`);
    return value;
  };
  const databases = String(values.databases).split(',').filter(Boolean);
  for (const database of databases) if (database !== 'pglite' && database !== 'postgres') throw new BenchError(`--databases: unknown ${database}`);
  const scenario = String(values.scenario);
  if (!SCENARIOS.includes(scenario)) throw new BenchError(`--scenario must be one of ${SCENARIOS.join(', ')}`);
  const raceBuyers = scenario === 'mix' ? 0 : whole('race-buyers', 0);
  if (scenario === 'race' && raceBuyers === 0) throw new BenchError('--scenario race needs --race-buyers ≥ 1');
  const raceUnits = whole('race-units', 1);
  if (raceBuyers > 0 && raceUnits > raceBuyers) throw new BenchError('--race-units must not exceed --race-buyers');
  return {
    help: Boolean(values.help),
    build: !values['no-build'],
    pin: !values['no-pin'],
    fans: whole('fans', 1),
    seconds: whole('duration', 1),
    warmupSeconds: whole('warmup', 0),
    thinkMs: whole('think', 0),
    databases: /** @type {('pglite' | 'postgres')[]} */ (scenario === 'race' ? [] : databases),
    scenario,
    cpuProfileDir: values['cpu-prof'] === undefined ? null : path.resolve(values['cpu-prof']),
    raceBuyers,
    raceUnits,
    seed: whole('seed', 0),
  };
}
