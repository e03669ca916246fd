import { MARKERS, TRAIN_TYPES } from '../config';
import type { FlightRecord, TrainRecord } from '../schemas';
import { dayMarker, durationText } from './format';

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
