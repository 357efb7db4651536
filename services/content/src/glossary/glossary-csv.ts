/**
 * The glossary's CSV import format (docs/product.md §3 Glossary): a header line naming the columns
 * name, aliases, definition (or 名稱, 別名, 定義), then one term a line; aliases separated by `|`
 * or `、`. Quoted fields as RFC 4180 (a quote doubled inside quotes). Lines are numbered as the
 * file counts them, the header being line 1.
 */
export interface CsvTermRow {
  line: number;
  name: string;
  aliases: string[];
  definition: string;
}

export type CsvParse = { rows: CsvTermRow[]; refused: Array<{ line: number; message: string }> };

/** Splits CSV text into records, each with the line it starts on. */
export function csvRecords(text: string): Array<{ line: number; fields: string[] }> {
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      fields.push(field);
      records.push({ line: startLine, fields });
      fields = [];
      field = '';
      line += 1;
      startLine = line;
    } else field += char;
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: startLine, fields });
  }
  return records.filter((record) => record.fields.some((value) => value.trim() !== ''));
}

const COLUMNS: Record<string, 'name' | 'aliases' | 'definition'> = {
  name: 'name', 名稱: 'name', 術語: 'name',
  aliases: 'aliases', 別名: 'aliases',
  definition: 'definition', 定義: 'definition', 一句話定義: 'definition',
};

export function parseGlossaryCsv(text: string, maxRows: number): CsvParse {
  const records = csvRecords(text);
  const refused: CsvParse['refused'] = [];
  const header = records.shift();
  if (!header) return { rows: [], refused: [{ line: 1, message: 'CSV 是空的' }] };
  const index: Partial<Record<'name' | 'aliases' | 'definition', number>> = {};
  header.fields.forEach((value, at) => {
    const column = COLUMNS[value.trim().toLowerCase()];
    if (column) index[column] = at;
  });
  if (index.name === undefined || index.definition === undefined) {
    return { rows: [], refused: [{ line: header.line, message: '第一行須是欄位名稱：name, aliases, definition' }] };
  }
  if (records.length > maxRows) return { rows: [], refused: [{ line: header.line, message: `一次最多匯入 ${maxRows} 個術語` }] };
  const rows: CsvTermRow[] = [];
  for (const record of records) {
    const at = (column: number | undefined) => (column === undefined ? '' : (record.fields[column] ?? ''));
    rows.push({
      line: record.line,
      name: at(index.name),
      aliases: at(index.aliases).split(/[|、]/).map((alias) => alias.trim()).filter(Boolean),
      definition: at(index.definition),
    });
  }
  return { rows, refused };
}
