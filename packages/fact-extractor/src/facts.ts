// The facts container: sets while extracting, sorted arrays when done.
import type { ExtractedFacts, TransportClaim } from '@navworld/core-types';

/** Mutable collection used while extracting. */
export interface FactSets {
  flights: Set<string>;
  trains: Set<string>;
  pois: Set<string>;
  weather: Set<string>;
  distances: Set<string>;
  times: Set<string>;
  prices: Set<string>;
  wind_info: Set<string>;
  travel_durations: Set<string>;
  road_names: Set<string>;
  transport: Map<string, TransportClaim>;
}

/** A fresh, empty {@link FactSets}. */
export function createFactSets(): FactSets {
  return {
    flights: new Set(),
    trains: new Set(),
    pois: new Set(),
    weather: new Set(),
    distances: new Set(),
    times: new Set(),
    prices: new Set(),
    wind_info: new Set(),
    travel_durations: new Set(),
    road_names: new Set(),
    transport: new Map(),
  };
}

/** Sets up to this size are sorted by insertion: the engine's sort copies the array into scratch storage. */
const INSERTION_SORT_MAX = 48;

/** The set's strings in code-unit order (as `Array.prototype.sort` orders strings). */
function sorted(set: Set<string>): string[] {
  const a = [...set];
  if (a.length > INSERTION_SORT_MAX) return a.sort();
  for (let i = 1; i < a.length; i++) {
    const v = a[i]!;
    let j = i - 1;
    while (j >= 0 && a[j]! > v) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
  return a;
}

/** Sorted, distinct arrays; transport claims sorted by id. */
export function finalizeFacts(sets: FactSets): ExtractedFacts {
  const transport = [...sets.transport.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((c) => {
      const claim: TransportClaim = { id: c.id, kind: c.kind };
      if (c.price !== undefined) claim.price = c.price;
      if (c.departure !== undefined) claim.departure = c.departure;
      if (c.arrival !== undefined) claim.arrival = c.arrival;
      return claim;
    });
  return {
    flights: sorted(sets.flights),
    trains: sorted(sets.trains),
    pois: sorted(sets.pois),
    weather: sorted(sets.weather),
    distances: sorted(sets.distances),
    times: sorted(sets.times),
    prices: sorted(sets.prices),
    wind_info: sorted(sets.wind_info),
    travel_durations: sorted(sets.travel_durations),
    road_names: sorted(sets.road_names),
    transport,
  };
}

/** A deep copy of `facts` (fresh arrays and claims). */
export function copyFacts(facts: ExtractedFacts): ExtractedFacts {
  return {
    flights: facts.flights.slice(),
    trains: facts.trains.slice(),
    pois: facts.pois.slice(),
    weather: facts.weather.slice(),
    distances: facts.distances.slice(),
    times: facts.times.slice(),
    prices: facts.prices.slice(),
    wind_info: facts.wind_info.slice(),
    travel_durations: facts.travel_durations.slice(),
    road_names: facts.road_names.slice(),
    transport: facts.transport.map((c) => ({ ...c })),
  };
}

/** Facts with every category empty. */
export function emptyFacts(): ExtractedFacts {
  return finalizeFacts(createFactSets());
}

/** Whether every category (and the transport claims) is empty. */
export function isEmptyFacts(facts: ExtractedFacts): boolean {
  return (
    facts.flights.length === 0 &&
    facts.trains.length === 0 &&
    facts.pois.length === 0 &&
    facts.weather.length === 0 &&
    facts.distances.length === 0 &&
    facts.times.length === 0 &&
    facts.prices.length === 0 &&
    facts.wind_info.length === 0 &&
    facts.travel_durations.length === 0 &&
    facts.road_names.length === 0 &&
    facts.transport.length === 0
  );
}
