// docs/operations.md is tested (issue 33, item 7): operators follow it without reading the code.
// Its configuration table names exactly the variables the shop reads (env.ts's schema), each
// once; what its "production" column says is what the shop refuses to start without; the error
// and log lines it quotes are the shop's own; the files and `npm run` commands it names exist.
// The rotation procedures are tested where the doc says (session, document and webhook tests).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, readConfig } from '../app/.server/env';
import { ADYEN_TEST_ENV, PRODUCTION_ENV } from '../app/.server/env-testing';
import { RESEAL_DONE } from '../app/.server/uploads/reseal';

const root = new URL('../', import.meta.url);
const doc = readFileSync(new URL('docs/operations.md', root), 'utf8');
/** The doc as read: line breaks inside a paragraph or a code span are spaces. */
const flowing = doc.replace(/\s+/g, ' ');

type Row = { variable: string; production: string };

/** The table of "Configuration and secrets": `| variable | production | secret | what it is |`. */
function configurationTable(): Row[] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| variable | production | secret |'));
  if (start < 0) throw new Error('docs/operations.md has no configuration table');
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [variable = '', production = ''] = line.split('|').slice(1).map((cell) => cell.trim());
    rows.push({ variable: variable.replace(/^`|`$/g, ''), production });
  }
  return rows;
}

/** The one line the shop stops with for `env`, or null when it starts. */
function refusal(env: Record<string, string | undefined>): string | null {
  try {
    readConfig(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

const without = (env: Record<string, string>, variable: string) => ({ ...env, [variable]: undefined });
/** A production demonstration shop: no Adyen, the simulator on purpose. */
const SIMULATOR_PRODUCTION = {
  ...Object.fromEntries(Object.entries(PRODUCTION_ENV).filter(([name]) => !name.startsWith('ADYEN_'))),
  PAYMENT_SIMULATOR: 'on',
};
const LIVE_PRODUCTION = { ...PRODUCTION_ENV, ADYEN_ENVIRONMENT: 'live', ADYEN_CLIENT_KEY: 'live_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345', ADYEN_LIVE_URL_PREFIX: '1797a841fbb37ca7-FanShop' };

describe('docs/operations.md, configuration', () => {
  const rows = configurationTable();

  it('lists every variable the shop reads, each once, and no other', () => {
    const listed = rows.map((row) => row.variable);
    expect(listed.filter((name, index) => listed.indexOf(name) !== index), 'listed twice').toEqual([]);
    expect(CONFIG_VARIABLES.filter((name) => !listed.includes(name)), 'read by the shop (env.ts) but missing from the table').toEqual([]);
    expect(listed.filter((name) => !CONFIG_VARIABLES.includes(name)), 'in the table but not read by the shop').toEqual([]);
  });

  it('names no variable anywhere that the shop does not read', () => {
    const named = new Set(doc.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? []);
    expect([...named].filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });

  it('says "required" exactly where production refuses to start without the variable, naming it', () => {
    // The complete production configurations start, so each refusal below is the variable's own.
    for (const complete of [PRODUCTION_ENV, SIMULATOR_PRODUCTION, LIVE_PRODUCTION]) expect(refusal(complete)).toBeNull();
    for (const { variable, production } of rows) {
      const context = `${variable} (${production})`;
      if (production === 'required' || production === 'required with Adyen') {
        expect(refusal(without(PRODUCTION_ENV, variable)), context).toContain(variable);
      } else if (production === 'required for live') {
        expect(refusal(without(LIVE_PRODUCTION, variable)), context).toContain(variable);
        expect(refusal(without(PRODUCTION_ENV, variable)), context).toBeNull();
      } else {
        expect(production, context).toBe('optional');
        expect(refusal(without(PRODUCTION_ENV, variable)), context).toBeNull();
      }
      // Only the payment provider's settings depend on Adyen: a demonstration shop does without them
      // (PAYMENT_SIMULATOR=on is what makes it one).
      if (production !== 'required' && variable !== 'PAYMENT_SIMULATOR') expect(refusal(without(SIMULATOR_PRODUCTION, variable)), context).toBeNull();
    }
    expect(rows.filter((row) => row.production === 'required').map((row) => row.variable)).toEqual(['PUBLIC_URL', 'SESSION_SECRET', 'UPLOADS_KEY', 'ADYEN_API_KEY']);
  });
});

describe('docs/operations.md, what the shop says', () => {
  it('quotes the shop’s own refusals', () => {
    const noProvider = refusal(Object.fromEntries(Object.entries(PRODUCTION_ENV).filter(([name]) => !name.startsWith('ADYEN_'))));
    const both = refusal({ ...PRODUCTION_ENV, PAYMENT_SIMULATOR: 'on' });
    const badPrevious = refusal({ UPLOADS_KEY_PREVIOUS: 'a passphrase is not a key' });
    for (const line of [noProvider, both, badPrevious]) {
      expect(line).toMatch(/^Invalid configuration: /);
      expect(flowing).toContain(line);
    }
    expect(refusal({ ...ADYEN_TEST_ENV, PAYMENT_SIMULATOR: 'on' })).toBe(both);
  });

  it('quotes the re-seal command’s last line and the log lines as the shop writes them', () => {
    expect(flowing).toContain(RESEAL_DONE);
    const quoted: [string, string][] = [
      ['a webhook with no well-signed item was refused', 'app/.server/payments/webhook-endpoint.ts'],
      ['items of a webhook were ignored', 'app/.server/payments/webhook-endpoint.ts'],
      ['payments: Adyen', 'app/.server/shop.ts'],
      ['payments: the built-in simulator answers', 'app/.server/shop.ts'],
    ];
    for (const [line, file] of quoted) {
      expect(flowing, line).toContain(line);
      expect(readFileSync(new URL(file, root), 'utf8'), `${line} in ${file}`).toContain(line);
    }
  });

  it('names only files and npm scripts that exist', () => {
    const paths = [...doc.matchAll(/`((?:app|tests|e2e|scripts|docs|deploy)\/[^`\s]+)`/g)].map((match) => match[1] ?? '');
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((file) => !existsSync(new URL(file, root)))).toEqual([]);
    const scripts = Object.keys((JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const commands = [...doc.matchAll(/`npm run ([a-z:-]+)/g)].map((match) => match[1] ?? '');
    expect(commands).toContain('documents:reseal');
    expect(commands.filter((command) => !scripts.includes(command))).toEqual([]);
  });
});
