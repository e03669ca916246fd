// The places a request is about, as running text and tool arguments name them.
import type { TravelProblem } from '@navworld/core-types';

/** A city name as it is written in running text: `杭州市` is read as `杭州`. */
export function shortCity(city: string): string {
  const trimmed = city.trim();
  return trimmed.length > 2 && trimmed.endsWith('市') ? trimmed.slice(0, -1) : trimmed;
}

/** The request's cities: destination first, then the origin when there is one. */
export interface RequestCities {
  destination: string;
  origin: string | null;
  /** Both, destination first. */
  all: readonly string[];
}

/** The cities of a problem, in their short form. */
export function requestCities(
  problem: Pick<TravelProblem, 'destinationCity' | 'originCity'>,
): RequestCities {
  const destination = shortCity(problem.destinationCity);
  const named = problem.originCity === null ? '' : shortCity(problem.originCity);
  const origin = named === '' ? null : named;
  return { destination, origin, all: origin === null ? [destination] : [destination, origin] };
}

/** Whether a text names one of the request's cities. */
export function namesRequestCity(text: string, cities: RequestCities): boolean {
  return cities.all.some((c) => text.includes(c));
}

/**
 * Whether a transport search's two ends are the request's route: `to` names the destination and `from` the
 * origin (when there is one). With `eitherWay`, the way back counts too.
 */
export function isRequestRoute(
  from: string,
  to: string,
  cities: RequestCities,
  eitherWay = false,
): boolean {
  const { destination, origin } = cities;
  const forward = to.includes(destination) && (origin === null || from.includes(origin));
  if (forward || !eitherWay) return forward;
  return from.includes(destination) && (origin === null || to.includes(origin));
}
