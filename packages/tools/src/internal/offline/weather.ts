import type { CityProfile } from '@navworld/knowledge-graph';
import { CHINA_UTC_OFFSET_MS, FORECAST_DAYS } from '../../config';
import type { ForecastDay, ForecastRecord } from '../../types';
import { Rng } from '../rng';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a China-time calendar day number (days since 1970-01-01). */
function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The China-time calendar day number of an instant. */
export function chinaDayNumber(nowMs: number): number {
  return Math.floor((nowMs + CHINA_UTC_OFFSET_MS) / DAY_MS);
}

const WINDS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'] as const;
const WINTER_WEIGHTS = [4, 2, 1, 1, 1, 1, 1, 4];
const SUMMER_WEIGHTS = [1, 1, 2, 4, 4, 2, 1, 1];
const SHOULDER_WEIGHTS = [2, 2, 2, 2, 2, 2, 2, 2];

function windWeights(month: number): number[] {
  if (month === 12 || month <= 2) return WINTER_WEIGHTS;
  if (month >= 6 && month <= 8) return SUMMER_WEIGHTS;
  return SHOULDER_WEIGHTS;
}

function nightWeatherOf(day: string, rng: Rng): string {
  if (day === '晴') return rng.weighted(['晴', '多云'], [3, 1]);
  if (day === '多云') return rng.weighted(['多云', '晴', '阴'], [3, 1, 1]);
  if (day.includes('雷阵雨')) return rng.weighted(['多云', '阵雨', '雷阵雨'], [2, 2, 1]);
  if (day.includes('雪')) return rng.weighted([day, '阴', '多云'], [2, 1, 1]);
  if (day.includes('雨')) return rng.weighted([day, '小雨', '阴'], [2, 2, 1]);
  return rng.weighted([day, '多云'], [2, 1]);
}

const dayMemo = new Map<string, ForecastDay>();
const DAY_MEMO_SIZE = 20_000;

function forecastDay(city: CityProfile, day: number, salt: string): ForecastDay {
  const key = `${city.name}|${day}|${salt}`;
  const hit = dayMemo.get(key);
  if (hit !== undefined) return hit;
  const cast = drawForecastDay(city, day, salt);
  dayMemo.set(key, cast);
  if (dayMemo.size > DAY_MEMO_SIZE) dayMemo.delete(dayMemo.keys().next().value!);
  return cast;
}

function drawForecastDay(city: CityProfile, day: number, salt: string): ForecastDay {
  const date = isoDate(day);
  const month = Number(date.slice(5, 7));
  const climate = city.climate.find((c) => c.month === month) ?? {
    month,
    high: 20,
    low: 10,
    weather: ['多云'],
  };
  const rng = new Rng(`navworld-weather|${city.name}|${date}|${salt}`);
  const words = climate.weather.length > 0 ? climate.weather : ['多云'];
  const dayWeather = rng.weighted(
    words,
    words.map((_, i) => [5, 3, 2, 1][i] ?? 1),
  );
  const nightWeather = nightWeatherOf(dayWeather, rng);
  const wet = /[雨雪]/.test(dayWeather);
  const span = Math.max(0, climate.high - climate.low);
  const dayTemp = Math.max(
    climate.low,
    climate.high - rng.int(0, Math.min(3, span)) - (wet ? rng.int(0, 2) : 0),
  );
  const nightTemp = Math.min(dayTemp, climate.low + rng.int(0, Math.min(3, span)));
  const weights = windWeights(month);
  const calm = rng.chance(0.15);
  const dayWind = calm ? '无持续风向' : rng.weighted(WINDS, weights);
  const nightWind = calm ? '无持续风向' : rng.chance(0.7) ? dayWind : rng.weighted(WINDS, weights);
  const dayPower = String(rng.weighted([1, 2, 3, 4, 5], [2, 4, 4, 2, 1]));
  const nightPower = String(Math.max(1, Number(dayPower) - rng.int(0, 1)));
  const weekday = ((new Date(day * DAY_MS).getUTCDay() + 6) % 7) + 1;
  return {
    date,
    week: String(weekday),
    dayWeather,
    nightWeather,
    dayTemp,
    nightTemp,
    dayWind,
    nightWind,
    dayPower,
    nightPower,
  };
}

/**
 * A four-day forecast starting on the China-time date of `nowMs`, drawn from the city's monthly climate.
 * Each day depends only on (city, date, salt), so overlapping forecasts agree on shared days.
 */
export function forecastFor(city: CityProfile, nowMs: number, salt: string): ForecastRecord {
  const start = chinaDayNumber(nowMs);
  const casts: ForecastDay[] = [];
  for (let i = 0; i < FORECAST_DAYS; i++) casts.push(forecastDay(city, start + i, salt));
  return { city: city.name, province: city.province, casts };
}
