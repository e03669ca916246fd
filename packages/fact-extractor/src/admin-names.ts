// Administrative names (province, city, district): never POIs.
import { isAdministrativeName as isGraphAdministrativeName } from '@navworld/knowledge-graph';

// District-like names: a CJK stem with an administrative suffix. 区 alone is ambiguous (景区, 园区), so those
// compounds are excluded.
const ADMIN_SUFFIX_RE = /^[\u4e00-\u9fff]{1,10}(?:自治州|自治县|地区|新区|县|盟|旗)$/;
const DISTRICT_RE = /^[\u4e00-\u9fff]{1,4}区$/;
const NOT_DISTRICT_RE =
  /(?:景区|园区|街区|社区|校区|营区|厂区|商区|展区|游览区|风景区|名胜区|度假区|旅游区|保护区|开发区|城区)$/;

/**
 * Whether `name` is an administrative name: a province (full or short form), a city or district of the
 * knowledge graph (with or without 市; cities named after their main sight such as 黄山 stay usable), or a
 * district / county style name (西湖区, 婺源县, 湘西土家族苗族自治州). Such names are never POIs, even when a tool
 * lists them under `名称`.
 */
export function isAdministrativeName(name: string): boolean {
  if (typeof name !== 'string') return false;
  const n = name.trim();
  if (n.length === 0) return false;
  // The graph knows every province (full and short form), city and district.
  if (isGraphAdministrativeName(n)) return true;
  if (ADMIN_SUFFIX_RE.test(n)) return true;
  return DISTRICT_RE.test(n) && !NOT_DISTRICT_RE.test(n);
}
