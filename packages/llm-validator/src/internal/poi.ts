// Whether the answer mentions a tool POI. Mirrors the project's POI match rule (exact, normalised, or a
// half of a long name) so that the judge's summary agrees with the code score.

/** Halves that are generic words and would match any answer. */
const GENERIC_HALVES = new Set([
  '公园',
  '博物馆',
  '餐厅',
  '酒店',
  '景区',
  '广场',
  '商场',
  '中心',
  '大厦',
  '饭店',
  '宾馆',
  '风景区',
  '步行街',
  '美食街',
  '小吃街',
  '纪念馆',
  '美术馆',
  '图书馆',
  '体育馆',
  '动物园',
  '植物园',
  '游乐场',
  '购物中心',
  '火车站',
  '机场',
  '高铁站',
  '地铁站',
  '停车场',
  '旅游区',
  '度假区',
  '文化园',
  '森林公园',
]);

/** Lower-case, without bracketed qualifiers, whitespace and punctuation. */
function normalizePoi(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[（(【[].*?[）)】\]]/g, '')
    .replace(/[\s·•・.,，、:：;；'"“”‘’!！?？-]/g, '');
}

/** Exact, normalised or half match of a tool POI name in the answer. */
export function poiMentioned(toolPoi: string, answer: string): boolean {
  const lowerAnswer = answer.toLowerCase();
  if (lowerAnswer.includes(toolPoi.toLowerCase())) return true;
  const name = normalizePoi(toolPoi);
  if (name.length < 2) return false;
  const text = normalizePoi(answer);
  if (text.includes(name)) return true;
  const chars = [...name];
  if (chars.length < 6) return false;
  const mid = Math.floor(chars.length / 2);
  const halves = [chars.slice(0, mid).join(''), chars.slice(mid).join('')];
  return halves.some((h) => [...h].length >= 3 && !GENERIC_HALVES.has(h) && text.includes(h));
}
