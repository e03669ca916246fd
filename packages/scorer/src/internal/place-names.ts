// Short forms of a place's name that a plan may write for it, shared by the rules that look a place up.
import { isAdministrativeName, normalizeText } from '@navworld/fact-extractor';
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';

const C = SCORING_CONFIG.factPrecision;

/** A bracketed branch or site label in a POI's name: (亚龙湾店), （东门）. */
export const BRANCH_LABEL = /[（(][^（）()]*[)）]/gu;

/** The trip's destination and origin cities, normalised ('' when there is no origin). */
export function tripCities(ctx: ScoringContext): string[] {
  return [ctx.problem.destinationCity, ctx.problem.originCity ?? ''].map(normalizeText);
}

/** Whether a normalised name is one of the trip's cities, written alone or with 市 (杭州, 杭州市). */
export function isTripCity(name: string, cities: readonly string[]): boolean {
  return cities.some((city) => city.length > 0 && (name === city || name === `${city}市`));
}

/**
 * The brand of a place: the first `abbreviation` code points of a name of at least `abbreviatedFrom` (its
 * branch label left out) — 老德记 of 老德记老火锅 — unless they are an administrative name or start with one
 * of the trip's cities (湖南省, 珠海博); `undefined` otherwise.
 */
export function brandOf(name: string, cities: readonly string[]): string | undefined {
  const cps = Array.from(name.replace(BRANCH_LABEL, '').trim());
  if (cps.length < C.abbreviatedFrom) return undefined;
  const brand = cps.slice(0, C.abbreviation).join('');
  const key = normalizeText(brand);
  if (isAdministrativeName(key) || cities.some((city) => city.length > 0 && key.startsWith(city)))
    return undefined;
  return brand;
}

/**
 * The short forms a plan may write for a place: its name without the place suffix (黄鹤楼 of 黄鹤楼公园) and
 * its brand ({@link brandOf}: 敕勒川 of 敕勒川草原), each at least two code points and neither a district nor
 * one of the trip's cities.
 */
export function shortForms(name: string, cities: readonly string[]): string[] {
  const base = name.replace(BRANCH_LABEL, '').trim();
  const out: string[] = [];
  for (const form of [base.replace(C.placeSuffix, ''), brandOf(name, cities)]) {
    if (form === undefined || form === base || Array.from(form).length < 2) continue;
    const key = normalizeText(form);
    if (isAdministrativeName(key) || cities.includes(key) || out.includes(form)) continue;
    out.push(form);
  }
  return out;
}
