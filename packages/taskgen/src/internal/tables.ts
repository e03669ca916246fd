// Look-up tables built once at module load so that generating a problem only indexes arrays: travel dates,
// season-safe candidate lists per month, specialty-biased interests, food-theme cities and the landmark pool.

import type { DistanceCategory } from '@navworld/core-types';
import { cityPairs, listCities, type CityProfile } from '@navworld/knowledge-graph';
import { BASE_TRAVEL_DATE, FOOD_THEMES, INTERESTS, TRAVEL_DATE_CYCLE } from '../config';

/** One travel date. */
export interface TravelDay {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** 1–12. */
  readonly month: number;
  /** 周一 … 周日. */
  readonly weekday: string;
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** Travel dates by `taskId mod 365`. */
export const TRAVEL_DAYS: readonly TravelDay[] = (() => {
  const base = Date.parse(`${BASE_TRAVEL_DATE}T00:00:00Z`);
  const days: TravelDay[] = [];
  for (let i = 0; i < TRAVEL_DATE_CYCLE; i++) {
    const d = new Date(base + i * 86_400_000);
    days.push({
      date: d.toISOString().slice(0, 10),
      month: d.getUTCMonth() + 1,
      weekday: WEEKDAYS[d.getUTCDay()]!,
    });
  }
  return days;
})();

const CITIES = listCities();
const BY_NAME = new Map(CITIES.map((c) => [c.name, c]));

/** The profile of a canonical city name (the graph guarantees it exists). */
export function cityOf(name: string): CityProfile {
  return BY_NAME.get(name)!;
}

/** True when `month` is not among the city's avoided months. */
export function inSeason(city: CityProfile, month: number): boolean {
  return !city.seasonalAvoid.includes(month);
}

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

function byMonth<T>(build: (month: number) => T): readonly T[] {
  // index 0 unused so that tables are indexed by month number directly
  return [build(0), ...MONTHS.map(build)];
}

/** All city names in data order. */
export const ALL_CITY_NAMES: readonly string[] = CITIES.map((c) => c.name);

/** City names in season, per month. */
export const CITIES_IN_SEASON: readonly (readonly string[])[] = byMonth((m) =>
  CITIES.filter((c) => inSeason(c, m)).map((c) => c.name),
);

/** Pairs per category. */
export const PAIRS: Readonly<Record<DistanceCategory, ReadonlyArray<readonly [string, string]>>> = {
  short: cityPairs('short'),
  medium: cityPairs('medium'),
  long: cityPairs('long'),
};

/** Pairs per category whose destination is in season, per month. */
export const PAIRS_IN_SEASON: Readonly<
  Record<DistanceCategory, readonly ReadonlyArray<readonly [string, string]>[]>
> = {
  short: byMonth((m) => PAIRS.short.filter(([, b]) => inSeason(cityOf(b), m))),
  medium: byMonth((m) => PAIRS.medium.filter(([, b]) => inSeason(cityOf(b), m))),
  long: byMonth((m) => PAIRS.long.filter(([, b]) => inSeason(cityOf(b), m))),
};

const INTEREST_SET: ReadonlySet<string> = new Set(INTERESTS);

/** Specialties of each city that are also interests (never empty). */
export const CITY_SPECIALTIES: ReadonlyMap<string, readonly string[]> = new Map(
  CITIES.map((c) => {
    const list = c.specialties.filter((s) => INTEREST_SET.has(s));
    return [c.name, list.length > 0 ? list : [...INTERESTS]];
  }),
);

/** The interest list without one given interest, for each interest. */
export const INTERESTS_WITHOUT: ReadonlyMap<string, readonly string[]> = new Map(
  INTERESTS.map((i) => [i, INTERESTS.filter((x) => x !== i)]),
);

/** The interest meant for travelling with children. */
export const CHILDREN_INTEREST = '亲子游乐';

/** Like {@link INTERESTS_WITHOUT}, also without the children's interest (groups without children). */
export const INTERESTS_WITHOUT_ADULTS: ReadonlyMap<string, readonly string[]> = new Map(
  INTERESTS.map((i) => [i, INTERESTS.filter((x) => x !== i && x !== CHILDREN_INTEREST)]),
);

/** Like {@link CITY_SPECIALTIES}, without the children's interest where the city has others. */
export const CITY_SPECIALTIES_ADULTS: ReadonlyMap<string, readonly string[]> = new Map(
  [...CITY_SPECIALTIES].map(([city, list]) => {
    const adults = list.filter((s) => s !== CHILDREN_INTEREST);
    return [city, adults.length > 0 ? adults : list];
  }),
);

/** Cities whose food themes include each theme (all cities if none do). */
export const FOOD_THEME_CITIES: ReadonlyMap<string, readonly string[]> = new Map(
  FOOD_THEMES.map((theme) => {
    const list = CITIES.filter((c) => c.foodThemes.includes(theme)).map((c) => c.name);
    return [theme, list.length > 0 ? list : ALL_CITY_NAMES];
  }),
);

/** Food-theme cities in season, per theme and month. */
export const FOOD_THEME_CITIES_IN_SEASON: ReadonlyMap<string, readonly (readonly string[])[]> =
  new Map(
    FOOD_THEMES.map((theme) => [
      theme,
      byMonth((m) => FOOD_THEME_CITIES.get(theme)!.filter((name) => inSeason(cityOf(name), m))),
    ]),
  );

/** A landmark and the cities that list it. */
export interface PoiEntry {
  readonly poi: string;
  readonly cities: readonly string[];
}

/** Every landmark of the graph once, walking cities and their landmarks in data order. */
export const POI_POOL: readonly PoiEntry[] = (() => {
  const map = new Map<string, string[]>();
  for (const city of CITIES) {
    for (const landmark of city.landmarks) {
      const list = map.get(landmark);
      if (list === undefined) map.set(landmark, [city.name]);
      else list.push(city.name);
    }
  }
  return [...map].map(([poi, cities]) => ({ poi, cities }));
})();

/** Landmarks with their in-season cities, keeping only those with at least one, per month. */
export const POI_POOL_IN_SEASON: readonly (readonly PoiEntry[])[] = byMonth((m) =>
  POI_POOL.map((e) => ({
    poi: e.poi,
    cities: e.cities.filter((name) => inSeason(cityOf(name), m)),
  })).filter((e) => e.cities.length > 0),
);
