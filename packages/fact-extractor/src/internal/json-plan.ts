// Reading plan structure out of a JSON answer.
import type { TransportClaim } from '@navworld/core-types';
import { parsePrice } from '../price';
import { scanIds, scanTimes } from './scanners';
import type { ClaimStatement } from './transport';
import { walkJson } from './json';

const ID_KEYS = [
  'number',
  'flight_no',
  'train_no',
  'flight_number',
  'train_number',
  'id',
  'code',
  'no',
  '车次',
  '航班号',
  '航班',
  'flight',
  'train',
];
const PRICE_KEYS = ['price', 'fare', 'cost', 'ticket_price', '价格', '票价', '费用'];
const DEP_KEYS = [
  'departure_time',
  'dep_time',
  'depart_time',
  'departure',
  'depart',
  'start_time',
  '出发时间',
  '起飞时间',
  '发车时间',
  '出发',
];
const ARR_KEYS = [
  'arrival_time',
  'arr_time',
  'arrive_time',
  'arrival',
  'arrive',
  'end_time',
  '到达时间',
  '抵达时间',
  '到达',
];
const TIME_KEYS = ['time', 'times', '时间'];

function firstKey(obj: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const k of keys) if (k in obj) return obj[k];
  return undefined;
}

function asText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** The id of a transport-like JSON object: an id field whose whole value is one flight or train id. */
function transportIdOf(
  obj: Record<string, unknown>,
): { id: string; kind: 'flight' | 'train' } | undefined {
  const raw = asText(firstKey(obj, ID_KEYS));
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  const hits = scanIds(trimmed);
  const hit = hits[0];
  if (hits.length !== 1 || hit === undefined || hit.start !== 0 || hit.end !== trimmed.length)
    return undefined;
  return { id: hit.id, kind: hit.kind };
}

function timeOf(v: unknown): string | undefined {
  const s = asText(v);
  if (s === undefined) return undefined;
  return scanTimes(s)[0]?.time;
}

/**
 * Statements of every transport-like object of a JSON value, in walk order, pushed onto `out` as they are
 * found.
 */
export function jsonStatements(value: unknown, out: ClaimStatement[]): void {
  walkJson(value, (obj) => {
    const ref = transportIdOf(obj);
    if (ref === undefined) return;
    const fields: Pick<TransportClaim, 'price' | 'departure' | 'arrival'> = {};
    const priceRaw = firstKey(obj, PRICE_KEYS);
    const price =
      typeof priceRaw === 'number'
        ? priceRaw
        : asText(priceRaw) !== undefined
          ? parsePrice(asText(priceRaw) ?? '')
          : null;
    if (price !== null && price !== undefined && Number.isFinite(price) && price > 0)
      fields.price = price;
    const dep = timeOf(firstKey(obj, DEP_KEYS));
    const arr = timeOf(firstKey(obj, ARR_KEYS));
    if (dep !== undefined) fields.departure = dep;
    if (arr !== undefined) fields.arrival = arr;
    if (dep === undefined && arr === undefined) {
      const range = asText(firstKey(obj, TIME_KEYS));
      if (range !== undefined) {
        const times = scanTimes(range);
        if (times[0]) fields.departure = times[0].time;
        if (times[1]) fields.arrival = times[1].time;
      }
    }
    out.push({ id: ref.id, kind: ref.kind, fields });
  });
}
