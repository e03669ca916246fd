import type { CityProfile } from '@navworld/knowledge-graph';
import { MODE_PROFILES, TAXI_FARE } from '../../config';
import type { RouteRecord, RouteStep, TravelMode } from '../../types';
import { bearingDeg, compassWord, formatLngLat, haversineKm, type LngLat } from '../geo';
import { Rng } from '../rng';
import { METRO_CITIES } from './words';

function stepDistanceText(metres: number): string {
  return metres < 1000
    ? `${Math.max(10, Math.round(metres / 10) * 10)}米`
    : `${(metres / 1000).toFixed(1)}公里`;
}

/**
 * Detour factor of a trip: short urban trips wind more than long ones. `d × detour(d)` grows strictly with
 * `d`, so a longer straight line always gives a longer route.
 */
export function detourFactor(mode: TravelMode, straightKm: number, jitter: number): number {
  return MODE_PROFILES[mode].detour * (1 + 0.04 * jitter) + 0.18 * Math.exp(-straightKm / 3);
}

/** Average speed of a trip in km/h: driving gets faster as trips leave the city for expressways. */
export function tripSpeedKmh(mode: TravelMode, routeKm: number): number {
  const base = MODE_PROFILES[mode].speedKmh;
  if (mode === 'driving') return base + 50 * (1 - Math.exp(-routeKm / 60));
  if (mode === 'transit') return base + 15 * (1 - Math.exp(-routeKm / 25));
  return base;
}

/** Taxi fare estimate for a driving distance, CNY. */
export function taxiFare(routeKm: number): number {
  const beyond = Math.max(0, routeKm - TAXI_FARE.includedKm);
  const long = Math.max(0, routeKm - TAXI_FARE.longDistanceKm);
  return Math.round(
    TAXI_FARE.flagFall +
      beyond * TAXI_FARE.perKm +
      long * TAXI_FARE.perKm * (TAXI_FARE.longDistanceFactor - 1),
  );
}

function splitDistance(rng: Rng, total: number, parts: number): number[] {
  const weights = Array.from({ length: parts }, () => rng.range(0.5, 1.5));
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => Math.round((total * w) / sum));
  out[out.length - 1]! += total - out.reduce((a, b) => a + b, 0);
  return out;
}

/** City streets at both ends, a ring road out of town, the expressway in between. */
function longTripSplit(rng: Rng, total: number): number[] {
  const first = Math.round(rng.range(1500, 5000));
  const ring = Math.round(Math.min(total * 0.12, rng.range(6000, 18_000)));
  const last = Math.round(rng.range(1500, 5000));
  return [first, ring, total - first - ring - last, last];
}

function stepCount(routeKm: number, rng: Rng): number {
  if (routeKm < 0.4) return 1;
  if (routeKm < 3) return rng.int(2, 3);
  if (routeKm < 20) return rng.int(3, 5);
  return rng.int(4, 6);
}

const TURNS = ['左转', '右转', '向左前方', '向右前方', '直行'] as const;

function roadSequence(
  rng: Rng,
  from: CityProfile,
  to: CityProfile,
  count: number,
  longTrip: boolean,
): string[] {
  const fromRoads = rng.shuffle(from.roads);
  const toRoads = rng.shuffle(to.roads);
  const roads: string[] = [];
  for (let i = 0; i < count; i++) {
    if (longTrip && i === 1) roads.push(`${from.name}绕城高速`);
    else if (longTrip && i === 2)
      roads.push(from.name === to.name ? `${from.name}城市快速路` : '高速公路');
    else
      roads.push(i < count / 2 ? fromRoads[i % fromRoads.length]! : toRoads[i % toRoads.length]!);
  }
  return roads;
}

function movementSteps(
  mode: TravelMode,
  rng: Rng,
  roads: string[],
  distances: number[],
  bearing: number,
): RouteStep[] {
  const verb = mode === 'walking' ? '步行' : '行驶';
  return roads.map((road, i) => {
    const heading =
      i === 0 ? compassWord(bearing) : compassWord((bearing + rng.range(-80, 80) + 360) % 360);
    const last = i === roads.length - 1;
    const tail = last ? '到达终点' : `，${rng.pick(TURNS)}进入${roads[i + 1]}`;
    return {
      instruction: `沿${road}向${heading}${verb}${stepDistanceText(distances[i]!)}${tail}`,
      road,
      distance: distances[i]!,
    };
  });
}

function transitPlan(
  rng: Rng,
  city: CityProfile,
  routeM: number,
): { lines: string[]; steps: RouteStep[]; fare: number; walkM: number } {
  const metro = METRO_CITIES.has(city.name) && routeM > 2500;
  const rides = routeM > 9000 ? 2 : 1;
  const roads = rng.shuffle(city.roads);
  const walkIn = rng.int(150, 700);
  const walkOut = rng.int(120, 600);
  const rideM = Math.max(200, routeM - walkIn - walkOut);
  const rideParts = splitDistance(rng, rideM, rides);
  const lines: string[] = [];
  const steps: RouteStep[] = [];
  let stop = `${roads[0]}站`;
  steps.push({
    instruction: `步行${stepDistanceText(walkIn)}到${stop}`,
    road: roads[0]!,
    distance: walkIn,
  });
  for (let i = 0; i < rides; i++) {
    const line = metro ? `地铁${rng.int(1, 12)}号线` : `${rng.int(1, 199)}路`;
    const next = `${roads[(i + 1) % roads.length]}${metro ? '站' : '口站'}`;
    const stops = Math.max(1, Math.round(rideParts[i]! / (metro ? 1400 : 650)));
    lines.push(line);
    steps.push({
      instruction: `乘坐${line}（${stop}上车，${next}下车，途经${stops}站，约${stepDistanceText(rideParts[i]!)}）`,
      road: '',
      distance: rideParts[i]!,
    });
    stop = next;
  }
  steps.push({
    instruction: `步行${stepDistanceText(walkOut)}到达终点`,
    road: '',
    distance: walkOut,
  });
  const km = rideM / 1000;
  const fare = metro ? Math.min(10, 2 + Math.floor(Math.max(0, km - 6) / 8)) * rides : 2 * rides;
  return { lines, steps, fare, walkM: walkIn + walkOut };
}

/** Inputs of {@link planRoute}. */
export interface RouteRequest {
  /** Travel mode. */
  mode: TravelMode;
  /** Normalised `lng,lat` strings. */
  origin: string;
  /** Normalised `lng,lat` string. */
  destination: string;
  /** Points in order, origin first, destination last (waypoints in between). */
  points: LngLat[];
  /** City of the origin. */
  fromCity: CityProfile;
  /** City of the destination. */
  toCity: CityProfile;
  /** Epoch salt (traffic varies by week, geometry does not). */
  salt: string;
}

/** A synthetic route: distance from geometry, time from per-mode speeds, steps on the cities' roads. */
export function planRoute(req: RouteRequest): RouteRecord | { error: string } {
  let straightKm = 0;
  for (let i = 1; i < req.points.length; i++)
    straightKm += haversineKm(req.points[i - 1]!, req.points[i]!);
  const profile = MODE_PROFILES[req.mode];
  if (straightKm > profile.maxKm) {
    return {
      error: `两点相距约${Math.round(straightKm)}公里，超出${profile.label}路线规划范围，请改用其他出行方式或查询火车、航班`,
    };
  }
  const geometry = new Rng(
    `navworld-route|${req.mode}|${req.points.map((p) => formatLngLat(p)).join(';')}`,
  );
  const traffic = new Rng(
    `navworld-traffic|${req.salt}|${req.mode}|${req.origin}|${req.destination}`,
  );
  const routeKm = straightKm * detourFactor(req.mode, straightKm, geometry.float());
  const routeM = Math.round(routeKm * 1000);
  const speed = tripSpeedKmh(req.mode, routeKm);
  const overheadMin =
    req.mode === 'driving' ? Math.min(profile.overheadMin, routeKm * 2) : profile.overheadMin;
  const trafficFactor =
    req.mode === 'driving' || req.mode === 'transit' ? traffic.range(0.94, 1.1) : 1;
  let durationS = Math.round(((routeKm / speed) * 60 * trafficFactor + overheadMin) * 60);
  const bearing = bearingDeg(req.points[0]!, req.points[req.points.length - 1]!);
  const base: RouteRecord = {
    mode: req.mode,
    origin: req.origin,
    destination: req.destination,
    distance: routeM,
    duration: durationS,
    taxiCost: null,
    fare: null,
    lines: [],
    steps: [],
  };
  if (req.mode === 'transit') {
    if (routeM < 800) {
      return { error: '起终点距离过近，建议步行前往' };
    }
    const plan = transitPlan(geometry, req.fromCity, routeM);
    durationS += Math.round((plan.walkM / 1000 / 4.8) * 3600);
    return { ...base, duration: durationS, fare: plan.fare, lines: plan.lines, steps: plan.steps };
  }
  const longTrip = routeKm > 40;
  const count = longTrip ? 4 : stepCount(routeKm, geometry);
  const roads = roadSequence(geometry, req.fromCity, req.toCity, count, longTrip);
  const steps = movementSteps(
    req.mode,
    geometry,
    roads,
    longTrip ? longTripSplit(geometry, routeM) : splitDistance(geometry, routeM, count),
    bearing,
  );
  return { ...base, taxiCost: req.mode === 'driving' ? taxiFare(routeKm) : null, steps };
}
