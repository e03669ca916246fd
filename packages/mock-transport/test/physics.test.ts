import { describe, expect, it } from 'vitest';
import { distanceKm } from '@navworld/knowledge-graph';
import {
  searchFlights,
  searchTrains,
  typicalFlightMinutes,
  typicalTrainMinutes,
} from '../src/index';
import { pinned, sampleDates } from './helpers';

describe('physical model (hand-checked numbers)', () => {
  it('flights: distance at 800 km/h plus 35 minutes on the ground', () => {
    expect(typicalFlightMinutes(800)).toBe(95); // 60 + 35
    expect(typicalFlightMinutes(1200)).toBe(125); // 90 + 35
    expect(typicalFlightMinutes(100)).toBe(45); // 42.5 → the 45-minute minimum
  });

  it('trains: distance at the type average speed, at least 20 minutes', () => {
    expect(typicalTrainMinutes('G', 1000)).toBe(240);
    expect(typicalTrainMinutes('D', 380)).toBe(120);
    expect(typicalTrainMinutes('K', 750)).toBe(600);
    expect(typicalTrainMinutes('C', 40)).toBe(20); // 15 → the minimum
  });

  it('北京 → 广州 (2100 km): G second class 0.46/km, tapered to 75 % beyond 1000 km, ±3 %', () => {
    expect(distanceKm('北京', '广州')).toBe(2100);
    const fare = 0.46 * (1000 + 1100 * 0.75); // 839.5
    let seen = 0;
    for (const date of sampleDates(30)) {
      for (const r of searchTrains(
        { date, fromCity: '北京', toCity: '广州' },
        { epoch: pinned('hand') },
      )) {
        if (r.trainType !== 'G' || r.seatType !== '二等座') continue;
        seen++;
        expect(r.price).toBeGreaterThanOrEqual(Math.round(fare * 0.97)); // 814
        expect(r.price).toBeLessThanOrEqual(Math.round(fare * 1.03)); // 865
        // 2100 km at 250 km/h = 504 min, ×0.92–1.10
        expect(r.durationMinutes).toBeGreaterThanOrEqual(463);
        expect(r.durationMinutes).toBeLessThanOrEqual(555);
      }
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('北京 → 上海 (1200 km): economy fares between the floor and the full fare of 1050 元', () => {
    for (const date of sampleDates(30)) {
      for (const r of searchFlights(
        { date, fromCity: '北京', toCity: '上海' },
        { epoch: pinned('hand') },
      )) {
        expect(r.price % 10).toBe(0);
        expect(r.price).toBeLessThanOrEqual(1050); // 150 + 0.75 × 1200
        // Day flights pay at least 40 % of it (420 元); red-eyes may go down to 24 % (252 元), floored at 300.
        expect(r.price).toBeGreaterThanOrEqual(r.redEye ? 300 : 420);
        expect(r.durationMinutes).toBeGreaterThanOrEqual(115); // 125 × 0.92, on the 5-minute grid
        expect(r.durationMinutes).toBeLessThanOrEqual(135);
      }
    }
  });
});
