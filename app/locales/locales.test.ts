import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = path.dirname(new URL(import.meta.url).pathname);

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function namespaces(language: string): string[] {
  return readdirSync(path.join(LOCALES_DIR, language)).filter((file) => file.endsWith('.json')).sort();
}

function read(language: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, language, file), 'utf8'));
}

describe('locales', () => {
  it('have the same namespace files in it and en', () => {
    expect(namespaces('en')).toEqual(namespaces('it'));
  });

  it.each(namespaces('it'))('%s has the same keys in both languages', (file) => {
    expect(keysOf(read('en', file)).sort()).toEqual(keysOf(read('it', file)).sort());
  });

  it.each(namespaces('it'))('%s has no empty translations', (file) => {
    for (const language of ['it', 'en']) {
      const strings = JSON.stringify(read(language, file));
      expect(strings).not.toMatch(/:""/);
    }
  });
});
