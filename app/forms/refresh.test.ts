import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  applyRefresh,
  keepLoaderDataOnRefresh,
  previousFieldName,
  readRefreshSubmit,
  refreshAnswer,
  type DependentFields,
} from './refresh';

// A toy form: a colour narrows the shades; changing the colour clears the shade.
type Field = 'name' | 'colour' | 'shade';
const paint: DependentFields<Field> = {
  fields: ['name', 'colour', 'shade'],
  remembered: ['colour'],
  clear: (previous, next) => (previous.colour === next.colour ? next : { ...next, shade: '' }),
};
const schema = z.object({ name: z.optional(z.string()), colour: z.string({ error: 'need colour' }), shade: z.string({ error: 'need shade' }) });

function form(entries: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

describe('the dependent-fields protocol', () => {
  it('names the hidden field of what the page showed `previous.<field>`', () => {
    expect(previousFieldName('countryCode')).toBe('previous.countryCode');
  });

  it('reads what was typed and what was shown; missing or non-text fields are empty, a missing previous value unchanged', () => {
    const submit = readRefreshSubmit(form({ colour: 'red', shade: new Blob(['x']), 'previous.colour': 'blue' }), paint);
    expect(submit).toEqual({
      typed: { name: '', colour: 'red', shade: '' },
      previous: { name: '', colour: 'blue', shade: '' },
    });
    expect(readRefreshSubmit(form({ colour: 'red' }), paint).previous.colour).toBe('red');
  });

  it('applies the clearing rule and reports what it emptied and what the fan changed', () => {
    const submit = readRefreshSubmit(form({ name: 'Door', colour: 'red', shade: 'navy', 'previous.colour': 'blue' }), paint);
    expect(applyRefresh(submit, paint)).toEqual({
      values: { name: 'Door', colour: 'red', shade: '' },
      cleared: ['shade'],
      changed: 'colour',
    });
  });

  it('reports nothing cleared or changed when the fan changed nothing the lists depend on', () => {
    const submit = readRefreshSubmit(form({ name: 'Door', colour: 'red', shade: '', 'previous.colour': 'red' }), paint);
    expect(applyRefresh(submit, paint)).toMatchObject({ cleared: [], changed: null });
  });

  it('answers a cleared field with the schema’s message for it, and nothing for fields left empty by the fan', () => {
    const submit = readRefreshSubmit(form({ colour: 'red', shade: 'navy', 'previous.colour': 'blue' }), paint);
    expect(refreshAnswer(applyRefresh(submit, paint), schema)).toEqual({
      changed: 'colour',
      cleared: ['shade'],
      result: { error: { shade: ['need shade'] } },
    });
    const untouched = readRefreshSubmit(form({ 'previous.colour': '' }), paint);
    expect(refreshAnswer(applyRefresh(untouched, paint), schema)).toEqual({ changed: null, cleared: [], result: null });
  });

  it('keeps loader data after a refresh only', () => {
    const args = (formData?: FormData) => ({ formData, defaultShouldRevalidate: true }) as Parameters<typeof keepLoaderDataOnRefresh>[0];
    expect(keepLoaderDataOnRefresh(args(form({ intent: 'refresh' })))).toBe(false);
    expect(keepLoaderDataOnRefresh(args(form({ intent: 'save' })))).toBe(true);
    expect(keepLoaderDataOnRefresh(args())).toBe(true);
  });
});
