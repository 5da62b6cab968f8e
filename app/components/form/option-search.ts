import type { SelectOption } from './select-field';

/** Lower case without accents or punctuation, so "cote d ivoire" finds "Côte d'Ivoire". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The options whose label matches what the fan typed, best first: labels that start with it,
 * then labels with a word that starts with it, then labels that merely contain it (each group in
 * the list's own order, which is alphabetical in the fan's language). Nothing below `minLength`
 * typed characters: the spec starts searching at 2.
 */
export function searchOptions<Option extends SelectOption>(options: readonly Option[], query: string, minLength: number): Option[] {
  const wanted = folded(query);
  if (query.trim().length < minLength || wanted === '') return [];
  const starts: Option[] = [];
  const wordStarts: Option[] = [];
  const contains: Option[] = [];
  for (const option of options) {
    const label = folded(option.label);
    if (label.startsWith(wanted)) starts.push(option);
    else if (label.includes(` ${wanted}`)) wordStarts.push(option);
    else if (label.includes(wanted)) contains.push(option);
  }
  return [...starts, ...wordStarts, ...contains];
}
