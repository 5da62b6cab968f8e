// docs/forms.md read as its top explains: tables headed `form`, `field`, `fields`, `intent` or
// `action` describe forms (address, method, field names, `≤ N` limits); the `request | answer`
// table lists redirects. What tests/forms-doc.test.ts checks against the rendered pages.

/** `limit`: the documented `maxlength`; 0 for none ("no `maxlength`"); null when the shared rule applies. */
export type DocField = { name: string; value: string | null; limit: number | null };
export type DocForm = { line: number; label: string; urls: string[]; method: 'GET' | 'POST'; fields: DocField[] };
export type DocRedirect = { line: number; method: 'GET' | 'POST'; url: string; body: string | null; condition: string; status: number; to: string };

const FORM_TABLES = new Set(['form', 'field', 'fields', 'intent', 'action']);
const CODE = /`([^`]+)`/g;
const LIMIT = /≤ (\d+)(?![\d,]| ?(?:bytes|KB|MB))|(no `maxlength`)/;

const limitIn = (match: RegExpExecArray) => (match[2] ? 0 : Number(match[1]));

/** Splits a table line into cells, ignoring pipes inside backticks. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let code = false;
  for (const character of line.trim().slice(1, -1)) {
    if (character === '`') code = !code;
    if (character === '|' && !code) {
      cells.push(cell.trim());
      cell = '';
    } else cell += character;
  }
  cells.push(cell.trim());
  return cells;
}

const pathsIn = (text: string) => [...text.matchAll(CODE)].map((match) => match[1]!.replace(/^(GET|POST) /, '')).filter((code) => code.startsWith('/'));
const isFieldName = (code: string) => /^[a-z][A-Za-z.]*(=\S+)?$/.test(code);

/**
 * The fields of a fields cell: backticked names outside parentheses (inside them are values and
 * examples), each with the `≤ N` of the text up to the next field, else `rowLimit`.
 */
function fieldsIn(cell: string, rowLimit: number | null): DocField[] {
  const starts: number[] = [];
  let depth = 0;
  for (let at = 0; at < cell.length; at += 1) {
    const character = cell[at]!;
    if (character === '(') depth += 1;
    else if (character === ')') depth -= 1;
    else if (character === '`' && depth === 0) {
      const end = cell.indexOf('`', at + 1);
      if (isFieldName(cell.slice(at + 1, end))) starts.push(at);
      at = end;
    }
  }
  return starts.map((start, index) => {
    const part = cell.slice(start, starts[index + 1] ?? cell.length);
    const [name, value = null] = part.slice(1, part.indexOf('`', 1)).split('=') as [string, string?];
    const own = LIMIT.exec(part);
    return { name, value, limit: own ? limitIn(own) : value === null ? rowLimit : null };
  });
}

export function readFormsDoc(markdown: string): { forms: DocForm[]; redirects: DocRedirect[]; sharedLimits: Map<string, number> } {
  const lines = markdown.split('\n');
  const forms: DocForm[] = [];
  const redirects: DocRedirect[] = [];
  let headingUrls: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith('#')) headingUrls = pathsIn(line);
    if (!line.startsWith('|') || !lines[index + 1]?.startsWith('|---')) continue;
    const header = cellsOf(line);
    const kind = header[0]!.split(' ')[0]!.replaceAll('`', '').toLowerCase();
    const tableUrls = pathsIn(header[0]!);
    const fieldsColumn = header.findIndex((cell) => /^fields$|^config field$/.test(cell));
    index += 2;
    for (; lines[index]?.startsWith('|'); index += 1) {
      const cells = cellsOf(lines[index]!);
      const row = { line: index + 1, text: cells.join(' | ') };
      if (kind === 'request') {
        const [request, answer] = cells as [string, string];
        const [method, url] = [...request.matchAll(CODE)][0]![1]!.split(' ') as ['GET' | 'POST', string];
        const body = /with `([^`]+)`/.exec(request)?.[1] ?? null;
        const status = /\b(30[1-8])\b/.exec(answer);
        if (!status) throw new Error(`docs/forms.md line ${row.line}: a redirect without its status`);
        redirects.push({ line: row.line, method, url, body, condition: request, status: Number(status[1]), to: [...answer.matchAll(CODE)][0]?.[1] ?? '' });
        continue;
      }
      if (!FORM_TABLES.has(kind)) continue;
      const column = kind === 'form' || kind === 'intent' || kind === 'action' ? fieldsColumn : 0;
      // A limit outside the fields cell is its fields' (`firstName`, `lastName` | … | ≤ 80).
      const limit = LIMIT.exec(cells.filter((_, at) => at !== column).join(' | '));
      const rowLimit = limit ? limitIn(limit) : null;
      let fields: DocField[];
      if (kind === 'intent' || kind === 'action') {
        const value = [...cells[0]!.matchAll(CODE)][0]![1]!;
        fields = [{ name: kind, value, limit: null }, ...fieldsIn(cells[column] ?? '', rowLimit)];
      } else fields = fieldsIn(cells[column]!, rowLimit);
      const own = kind === 'form' ? pathsIn(cells[0]!) : [];
      const urls = own.length > 0 ? own : tableUrls.length > 0 ? tableUrls : headingUrls;
      const method = /`GET /.test(cells[0]!) ? 'GET' : 'POST';
      forms.push({ line: row.line, label: cells[0]!, urls, method, fields });
    }
    index -= 1; // the line after the table is read as any other
  }
  return { forms, redirects, sharedLimits: sharedLimitsOf(markdown) };
}

/** "Text fields hold at most 255 characters unless … (names 80, phone 40, e-mail 254, password 256)". */
const SHARED_NAMES: Record<string, string[]> = { names: ['firstName', 'lastName'], phone: ['phone', 'giftPhone'], 'e-mail': ['email', 'giftEmail'], password: ['password'] };
function sharedLimitsOf(markdown: string): Map<string, number> {
  const limits = new Map<string, number>();
  const rule = /at most (\d+) characters unless a table below says otherwise \(([^)]*)\)/.exec(markdown.replace(/\n\s*/g, ' '));
  if (!rule) throw new Error('docs/forms.md no longer states the shared text limit');
  for (const [, word, limit] of rule[2]!.matchAll(/([a-z-]+) (\d+)/g)) for (const name of SHARED_NAMES[word!] ?? []) limits.set(name, Number(limit));
  limits.set('*', Number(rule[1]));
  return limits;
}
