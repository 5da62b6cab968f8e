import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { FIELD_MESSAGES as M } from './messages';
import { parseForm } from './parse';
import { personNameField } from './person-name-field';
import { digitsText, MAX_TEXT_LENGTH, optionalText, requiredText } from './text';

const schema = z.object({
  required: requiredText(),
  optional: optionalText({ max: 3 }),
  digits: digitsText({ max: 5 }),
  name: personNameField,
});
const valid = { required: 'x', digits: '1', name: 'Ada' };

function parse(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return parseForm(data, schema);
}
const valueOf = (entries: Record<string, string>) => {
  const submission = parse(entries);
  return submission.status === 'success' ? submission.value : submission.error;
};

describe('text fields', () => {
  it(`bound text at ${MAX_TEXT_LENGTH} characters by default, after trimming`, () => {
    expect(valueOf({ ...valid, required: ` ${'x'.repeat(MAX_TEXT_LENGTH)} ` })).toMatchObject({
      required: 'x'.repeat(MAX_TEXT_LENGTH),
    });
    expect(valueOf({ ...valid, required: 'x'.repeat(MAX_TEXT_LENGTH + 1) })).toEqual({ required: [M.tooLong] });
    expect(valueOf({ ...valid, optional: 'abcd' })).toEqual({ optional: [M.tooLong] });
  });

  it('strip non-digits from a number input on the server too', () => {
    expect(valueOf({ ...valid, digits: ' 1.234 ' })).toMatchObject({ digits: '1234' });
    expect(valueOf({ ...valid, digits: '00042' })).toMatchObject({ digits: '00042' }); // leading zeros kept
    expect(valueOf({ ...valid, digits: 'abc' })).toEqual({ digits: [M.required] });
    expect(valueOf({ ...valid, digits: '123456' })).toEqual({ digits: [M.tooLong] });
  });

  it('trim names as the spec says before checking them', () => {
    expect(valueOf({ ...valid, name: " -D'Angelo, " })).toMatchObject({ name: "D'Angelo" });
    expect(valueOf({ ...valid, name: "  Nicolo' " })).toMatchObject({ name: "Nicolo'" });
    expect(valueOf({ ...valid, name: '12 Ada' })).toMatchObject({ name: 'Ada' });
    expect(valueOf({ ...valid, name: 'A4da' })).toEqual({ name: [M.invalidName] });
    // Nothing left: missing is the one message.
    expect(valueOf({ ...valid, name: '-- ' })).toEqual({ name: [M.required] });
  });
});
