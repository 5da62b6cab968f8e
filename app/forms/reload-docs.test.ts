import { describe, expect, it } from 'vitest';
import { parseForm } from './parse';
import { reloadDocsProblemMessage, reloadDocsSchema } from './reload-docs';

const parse = (fields: Record<string, string>) => parseForm(new URLSearchParams(fields), reloadDocsSchema);

describe('the reload-docs form', () => {
  it('takes a passport or an identity card', () => {
    expect(parse({ documentType: 'PASSPORT' }).status).toBe('success');
    expect(parse({ documentType: 'IDENTITY' }).status).toBe('success');
  });

  it('asks for the type when none is chosen, and refuses any other value', () => {
    expect(parse({}).reply().error).toEqual({ documentType: ['forms:fields.required'] });
    expect(parse({ documentType: 'DRIVING_LICENCE' }).reply().error).toEqual({ documentType: ['forms:fields.selectFromList'] });
  });

  it('words the files’ problems as the configure form does', () => {
    expect(reloadDocsProblemMessage('documentFront', 'required')).toBe('forms:fields.required');
    expect(reloadDocsProblemMessage('documentFront', 'tooLarge')).toBe('configureParts:errors.documents.tooLarge');
    expect(reloadDocsProblemMessage('documentBack', 'type')).toBe('configureParts:errors.documents.type');
    expect(reloadDocsProblemMessage('documentBack', 'odd')).toBe('forms:fields.dataNotValid');
  });
});
