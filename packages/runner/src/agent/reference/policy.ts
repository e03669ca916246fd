import type { TravelProblem } from '@navworld/core-types';
import { hasAirport, hasTrainStation } from '@navworld/knowledge-graph';

/** One tool call the policy wants to make. */
export interface PlannedCall {
  /** Role of the result in the plan. */
  purpose: string;
  name: string;
  args: Record<string, unknown>;
}

/** Adds days to a `YYYY-MM-DD` date (UTC calendar arithmetic, no clock involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = Date.UTC(y, m - 1, d) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

function safeHas(check: (city: string) => boolean, city: string): boolean {
  try {
    return check(city);
  } catch {
    return false;
  }
}

/** The keyword for the sights search of a problem. */
function sightKeyword(problem: TravelProblem): string {
  if (problem.problemType === 'single_poi' && problem.targetPoi) return problem.targetPoi;
  if (problem.problemType === 'single_poi' && problem.interests[0]) return problem.interests[0];
  if (problem.problemType === 'family_study') return '博物馆';
  return '景点';
}

/** The first batch: searches in the destination, the forecast and (for trips between cities) transport. */
export function firstBatch(problem: TravelProblem): PlannedCall[] {
  const city = problem.destinationCity;
  const calls: PlannedCall[] = [
    { purpose: 'weather', name: 'weather', args: { city } },
    {
      purpose: 'sights',
      name: 'poi_search',
      args: { address: sightKeyword(problem), region: city },
    },
  ];
  switch (problem.problemType) {
    case 'food_tour':
      calls.push(
        {
          purpose: 'food',
          name: 'poi_search',
          args: { address: problem.foodTheme ?? '美食', region: city },
        },
        { purpose: 'food', name: 'poi_search', args: { address: '特色小吃', region: city } },
        { purpose: 'hotels', name: 'poi_search', args: { address: '酒店', region: city } },
      );
      break;
    case 'business':
      calls.push(
        { purpose: 'hotels', name: 'poi_search', args: { address: '商务酒店', region: city } },
        { purpose: 'food', name: 'poi_search', args: { address: '餐厅', region: city } },
        { purpose: 'venues', name: 'poi_search', args: { address: '会议中心', region: city } },
      );
      break;
    case 'family_study':
      calls.push(
        { purpose: 'sights', name: 'poi_search', args: { address: '科技馆', region: city } },
        { purpose: 'food', name: 'poi_search', args: { address: '餐厅', region: city } },
        { purpose: 'hotels', name: 'poi_search', args: { address: '酒店', region: city } },
      );
      break;
    case 'single_poi':
      calls.push(
        { purpose: 'food', name: 'poi_search', args: { address: '餐厅', region: city } },
        { purpose: 'hotels', name: 'poi_search', args: { address: '酒店', region: city } },
      );
      break;
    default:
      calls.push(
        { purpose: 'food', name: 'poi_search', args: { address: '餐厅', region: city } },
        { purpose: 'hotels', name: 'poi_search', args: { address: '酒店', region: city } },
      );
  }
  const origin = problem.originCity;
  if (origin) {
    const roundTrip = problem.problemType === 'hybrid' || problem.problemType === 'business';
    const legs: Array<{ purpose: string; from: string; to: string; date: string }> = [
      { purpose: 'outbound', from: origin, to: city, date: problem.travelDate },
    ];
    if (roundTrip) {
      legs.push({
        purpose: 'return',
        from: city,
        to: origin,
        date: addDays(problem.travelDate, Math.max(0, problem.numDays - 1)),
      });
    }
    const flights =
      problem.requiredTools.includes('search_flights') ||
      (safeHas(hasAirport, origin) && safeHas(hasAirport, city));
    const trains =
      problem.requiredTools.includes('search_train_tickets') ||
      (safeHas(hasTrainStation, origin) && safeHas(hasTrainStation, city));
    for (const leg of legs) {
      const args = { date: leg.date, from_city: leg.from, to_city: leg.to };
      if (flights) calls.push({ purpose: `${leg.purpose}-flight`, name: 'search_flights', args });
      if (trains)
        calls.push({ purpose: `${leg.purpose}-train`, name: 'search_train_tickets', args });
    }
  }
  return calls;
}
