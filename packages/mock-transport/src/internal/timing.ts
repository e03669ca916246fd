import { FLIGHT_TIMING, TRAIN_RULES, TRAIN_TYPES, type TrainType } from '../config';

/** Typical block time of a flight: distance at cruise speed plus taxi, climb and approach. */
export function typicalFlightMinutes(km: number): number {
  return Math.max(
    FLIGHT_TIMING.minMinutes,
    (km / FLIGHT_TIMING.cruiseKmh) * 60 + FLIGHT_TIMING.groundMinutes,
  );
}

/** Typical trip time of a train type: distance at the type's average speed (stops included). */
export function typicalTrainMinutes(type: TrainType, km: number): number {
  return Math.max(TRAIN_RULES.minMinutes, (km / TRAIN_TYPES[type].averageKmh) * 60);
}
