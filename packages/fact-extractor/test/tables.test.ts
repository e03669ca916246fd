// Markdown-table statements: which rows count (an id-like token, not a separator row) and what they claim.
import { describe, expect, it } from 'vitest';
import { tableStatements } from '../src/internal/tables';

const header = '| 车次 | 出发时间 | 到达时间 | 价格 |';

describe('tableStatements', () => {
  it('skips rows that read as separators (the /^\\s*\\|?\\s*:?-{2,}/ shape), whatever else they hold', () => {
    const rows = [
      '|---|---|---|---|',
      '|-- G101 | 08:00 | 12:00 | 500元 |',
      '| :-- G102 | 08:10 | 12:10 | 510元 |',
      '  |  --- G103 | 08:20 | 12:20 | 520元 |',
      '| - G104 | 08:30 | 12:30 | 530元 |',
      '| G105 | 08:40 | 12:40 | 540元 |',
      '|:- G106 | 08:50 | 12:50 | 550元 |',
    ];
    const ids = tableStatements([header, ...rows].join('\n')).map((s) => s.id);
    // The regex decides the same way on each row.
    const separator = /^\s*\|?\s*:?-{2,}/;
    const expected = rows
      .filter((r) => /[A-Z]\d/.test(r) && !separator.test(r))
      .map((r) => /[GDCZTK]\d+/.exec(r)?.[0]);
    expect(ids).toEqual(expected);
    expect(ids).toEqual(['G104', 'G105', 'G106']);
  });

  it('reads a row only when it holds a capital letter followed by a digit', () => {
    const text = [
      header,
      '|---|---|---|---|',
      '| g107 | 09:00 | 13:00 | 600元 |',
      '| G108 | 09:10 | 13:10 | 610元 |',
    ].join('\n');
    expect(tableStatements(text)).toEqual([
      { id: 'G108', kind: 'train', fields: { departure: '09:10', arrival: '13:10', price: 610 } },
    ]);
  });

  it('starts a new table after a line that is not a table line', () => {
    const text = [
      header,
      '| G109 | 10:00 | 14:00 | 700元 |',
      '',
      '| G110 | 10:10 | 14:10 | 710元 |',
      '| G111 | 10:20 | 14:20 | 720元 |',
    ].join('\n');
    // The second table's first line is its header: G110 is not a row, and that header names no price or time
    // column, so G111 adds nothing either.
    expect(tableStatements(text).map((s) => s.id)).toEqual(['G109']);
  });
});
