const EARTH_RADIUS_KM = 6371.0088;

/** A `[lng, lat]` pair. */
export type LngLat = readonly [number, number];

/** Great-circle distance in kilometres. */
export function haversineKm(a: LngLat, b: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `a` to `b`, degrees clockwise from north (0–360). */
export function bearingDeg(a: LngLat, b: LngLat): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b[0] - a[0]) * rad) * Math.cos(b[1] * rad);
  const x =
    Math.cos(a[1] * rad) * Math.sin(b[1] * rad) -
    Math.sin(a[1] * rad) * Math.cos(b[1] * rad) * Math.cos((b[0] - a[0]) * rad);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/** The point `km` kilometres from `origin` towards `bearing` degrees (flat-earth step, fine below ~100 km). */
export function offsetKm(origin: LngLat, km: number, bearing: number): [number, number] {
  const rad = Math.PI / 180;
  const dLat = (km * Math.cos(bearing * rad)) / 111.32;
  const dLng = (km * Math.sin(bearing * rad)) / (111.32 * Math.cos(origin[1] * rad));
  return [origin[0] + dLng, origin[1] + dLat];
}

/** Parses a normalised `lng,lat` string. */
export function parseLngLat(text: string): [number, number] {
  const [lng, lat] = text.split(',').map(Number);
  return [lng ?? 0, lat ?? 0];
}

/** `lng,lat` with six decimals at most. */
export function formatLngLat(p: LngLat): string {
  return `${Number(p[0].toFixed(6))},${Number(p[1].toFixed(6))}`;
}

const COMPASS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'] as const;

/** The eight-point compass word of a bearing. */
export function compassWord(bearing: number): string {
  return COMPASS[Math.round(bearing / 45) % 8]!;
}

/** Kilometres per degree of latitude (and of longitude at the equator). */
export const KM_PER_DEGREE = 111.32;

/**
 * Squared flat-earth distance in km² with longitude scaled by `cosLat`: cheap, and ranks nearby points the
 * same way the great-circle distance does. Used to screen candidates before {@link haversineKm}.
 */
export function flatDistanceSq(a: LngLat, b: LngLat, cosLat: number): number {
  const dx = (b[0] - a[0]) * cosLat * KM_PER_DEGREE;
  const dy = (b[1] - a[1]) * KM_PER_DEGREE;
  return dx * dx + dy * dy;
}
