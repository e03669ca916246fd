// Administrative names (province, city, district): never POIs.
import { CITY_NAMES, PROVINCES } from './config';

function buildAdminSet(): Set<string> {
  const set = new Set<string>();
  for (const p of PROVINCES) {
    set.add(p);
    set.add(p.replace(/(?:壮族|回族|维吾尔)?(?:自治区|特别行政区)$|[省市]$/, ''));
  }
  for (const c of CITY_NAMES) {
    set.add(c);
    set.add(`${c}市`);
  }
  return set;
}

const ADMIN_SET = buildAdminSet();

// District-like names: a short CJK stem with an administrative suffix. 区 alone is ambiguous (景区, 园区), so
// those compounds are excluded.
const ADMIN_SUFFIX_RE = /^[\u4e00-\u9fff]{1,6}(?:自治州|自治县|地区|新区|县|盟|旗)$/;
const DISTRICT_RE = /^[\u4e00-\u9fff]{1,4}区$/;
const NOT_DISTRICT_RE =
  /(?:景区|园区|街区|社区|校区|营区|厂区|商区|展区|游览区|风景区|名胜区|度假区|旅游区|保护区|开发区|商圈区|城区)$/;

/**
 * Whether `name` is an administrative name: a province (full or short form), one of the task generator's
 * cities (with or without 市), or a district / county style name (西湖区, 婺源县, 湘西土家族苗族自治州).
 * Such names are never POIs, even when a tool lists them under `名称`.
 */
export function isAdministrativeName(name: string): boolean {
  const n = name.trim();
  if (n.length === 0) return false;
  if (ADMIN_SET.has(n)) return true;
  if (ADMIN_SUFFIX_RE.test(n)) return true;
  return DISTRICT_RE.test(n) && !NOT_DISTRICT_RE.test(n);
}
