// Public API of @navworld/knowledge-graph. Exports are named and explicit.

export {
  KNOWLEDGE_GRAPH_VERSION,
  DISTANCE_THRESHOLDS_KM,
  MIN_TRANSPORT_COST,
  MIN_BUDGET_PER_PERSON_DAY,
  DETOUR_FACTOR,
  MAX_NEARBY_CITIES,
  NEARBY_MAX_KM,
  CHINA_BBOX,
  MAX_LANDMARK_OFFSET_KM,
  FARE_CEILING,
} from './config';
export {
  LngLatSchema,
  LandmarkProfileSchema,
  ClimateMonthSchema,
  CityProfileSchema,
  type LngLat,
  type LandmarkProfile,
  type ClimateMonth,
  type CityProfile,
} from './types';
export {
  getCity,
  findCity,
  listCities,
  suggestCities,
  hasAirport,
  hasTrainStation,
  isAdministrativeName,
} from './graph';
export {
  distanceKm,
  distanceCategoryOf,
  cityPairs,
  isTabledDistance,
  haversineKm,
  fareCeilingForKm,
  transportFareCeiling,
} from './distance';
