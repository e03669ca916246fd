import { MARKERS as IMPORTED_MARKERS, TRAIN_TYPES as IMPORTED_TRAIN_TYPES } from '../config';
import type { FlightRecord, TrainRecord } from '../schemas';
import { dayMarker as importedDayMarker, durationText as importedDurationText } from './format';

// Imports are re-bound to module constants: the hot loops below then read plain locals instead of going
// through a module namespace (which costs about a third of the run time when the sources run untranspiled
// under a module runner, as in tests and benchmarks; bundled builds are unaffected).
const MARKERS = IMPORTED_MARKERS;
const TRAIN_TYPES = IMPORTED_TRAIN_TYPES;
const dayMarker = importedDayMarker;
const durationText = importedDurationText;

/** One flight on one line; see the package README for the exact format. */
export function renderFlightRecord(r: FlightRecord): string {
  return (
    `航班 ${r.id}（${r.airline}），价格${r.price}元，${r.departure}从${r.fromAirport}出发，` +
    `${r.arrival}${dayMarker(r.arrivalDayOffset)}到达${r.toAirport}，飞行时长${durationText(r.durationMinutes)}，` +
    `${r.cabin}${r.redEye ? `，${MARKERS.redEye}` : ''}`
  );
}

/** One train on one line; see the package README for the exact format. */
export function renderTrainRecord(r: TrainRecord): string {
  return (
    `车次 ${r.id}（${TRAIN_TYPES[r.trainType].name}），${r.seatType}价格${r.price}元，${r.departure}从${r.fromStation}出发，` +
    `${r.arrival}${dayMarker(r.arrivalDayOffset)}到达${r.toStation}，全程约${durationText(r.durationMinutes)}`
  );
}

/** All flights, one per line; a short notice when there are none. */
export function renderFlights(records: readonly FlightRecord[]): string {
  if (records.length === 0) return '没有找到符合条件的航班';
  let text = renderFlightRecord(records[0]!);
  for (let i = 1; i < records.length; i++) text += '\n' + renderFlightRecord(records[i]!);
  return text;
}

/** All trains, one per line; a short notice when there are none. */
export function renderTrains(records: readonly TrainRecord[]): string {
  if (records.length === 0) return '没有找到符合条件的直达车次';
  let text = renderTrainRecord(records[0]!);
  for (let i = 1; i < records.length; i++) text += '\n' + renderTrainRecord(records[i]!);
  return text;
}
