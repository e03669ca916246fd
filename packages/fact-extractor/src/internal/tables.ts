// Transport claims from markdown tables, where the price or time column is named only in the header.
import type { TransportClaim } from '@navworld/core-types';
import { parsePrice } from '../price';
import { isAsciiUpper, isDigit, isWhitespaceCode } from '../text';
import { scanIds, scanTimes } from './scanners';
import type { ClaimStatement } from './transport';

type Column = 'price' | 'departure' | 'arrival' | 'time' | null;

function columnOf(header: string): Column {
  const h = header.toLowerCase();
  if (/价格|票价|费用|price|fare|价钱|(?:^|\()元/.test(h)) return 'price';
  if (/出发|起飞|发车|departure|depart/.test(h)) return 'departure';
  if (/到达|抵达|降落|arrival|arrive/.test(h)) return 'arrival';
  if (/时间|time|时刻/.test(h)) return 'time';
  return null;
}

function cellsOf(line: string): string[] {
  const cells = line.trim().split('|');
  if (cells[0]?.trim() === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1]?.trim() === '') cells.pop();
  return cells.map((c) => c.trim());
}

/**
 * Whether `text[from, to)` is a separator row: what `/^\s*\|?\s*:?-{2,}/` matches, checked in place (the
 * classes are disjoint, so reading greedily decides as the regex does).
 */
function isSeparator(text: string, from: number, to: number): boolean {
  let k = from;
  while (k < to && isWhitespaceCode(text.charCodeAt(k))) k++;
  if (k < to && text.charCodeAt(k) === 124 /* | */) k++;
  while (k < to && isWhitespaceCode(text.charCodeAt(k))) k++;
  if (k < to && text.charCodeAt(k) === 58 /* : */) k++;
  return k + 1 < to && text.charCodeAt(k) === 45 && text.charCodeAt(k + 1) === 45;
}

/** Whether `text[from, to)` holds a capital letter followed by a digit (`/[A-Z]\d/`), the shape of an id. */
function hasIdShape(text: string, from: number, to: number): boolean {
  for (let k = from; k + 1 < to; k++) {
    if (isAsciiUpper(text.charCodeAt(k)) && isDigit(text.charCodeAt(k + 1))) return true;
  }
  return false;
}

/** Whether `text[from, to)` is only spaces and tabs (checked in place, without slicing). */
function onlyIndent(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/**
 * Statements of the table rows whose cells hold a transport id, in order; prices and times come from named
 * columns.
 */
export function tableStatements(text: string): ClaimStatement[] {
  const out: ClaimStatement[] = [];
  // The header line of the current table (its span); its columns are read only when a row with an id shows up.
  let headerStart = -1;
  let headerEnd = -1;
  let header: Column[] | null = null;
  let useful = false;
  let prevEnd = -2;
  for (let bar = text.indexOf('|'); bar >= 0;) {
    const start = text.lastIndexOf('\n', bar - 1) + 1;
    let end = text.indexOf('\n', bar);
    if (end < 0) end = text.length;
    const next = end < text.length ? text.indexOf('|', end) : -1;
    // A table line starts with | after optional indentation.
    if (!onlyIndent(text, start, bar) || end - start > 2_000) {
      headerStart = -1;
      bar = next;
      continue;
    }
    // A table is a run of consecutive table lines; anything else in between starts a new one.
    if (start !== prevEnd + 1) headerStart = -1;
    prevEnd = end;
    bar = next;
    if (headerStart < 0) {
      headerStart = start;
      headerEnd = end;
      header = null;
      continue;
    }
    // Rows without an id-like token, or tables without a price / time column, add nothing.
    if (!hasIdShape(text, start, end) || isSeparator(text, start, end)) continue;
    if (header === null) {
      header = cellsOf(text.slice(headerStart, headerEnd)).map(columnOf);
      useful = header.some((c) => c !== null);
    }
    if (!useful) continue;
    const cells = cellsOf(text.slice(start, end));
    let ref: { id: string; kind: 'flight' | 'train' } | undefined;
    for (const cell of cells) {
      const hit = scanIds(cell)[0];
      if (hit !== undefined) {
        ref = { id: hit.id, kind: hit.kind };
        break;
      }
    }
    if (ref === undefined) continue;
    const fields: Pick<TransportClaim, 'price' | 'departure' | 'arrival'> = {};
    cells.forEach((cell, i) => {
      const role = header?.[i] ?? null;
      if (role === 'price') {
        const p = parsePrice(cell);
        if (p !== null && p > 0 && fields.price === undefined) fields.price = p;
      } else if (role === 'departure' || role === 'arrival') {
        const t = scanTimes(cell)[0];
        if (t !== undefined && fields[role] === undefined) fields[role] = t.time;
      } else if (role === 'time') {
        const ts = scanTimes(cell);
        if (ts[0] !== undefined && fields.departure === undefined) fields.departure = ts[0].time;
        if (ts[1] !== undefined && fields.arrival === undefined) fields.arrival = ts[1].time;
      }
    });
    out.push({ id: ref.id, kind: ref.kind, fields });
  }
  return out;
}
