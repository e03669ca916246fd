import type { TravelProblem } from '@navworld/core-types';
import type { ForecastDay, Place, Route, TransportOption } from './parse';

/** A route between two named stops, as the direction tool answered it. */
export interface Leg {
  from: string;
  to: string;
  route: Route;
}

/** Everything the policy gathered from the tools. */
export interface Gathered {
  sights: Place[];
  food: Place[];
  hotels: Place[];
  venues: Place[];
  nearby: Place[];
  forecast: ForecastDay[];
  legs: Leg[];
  outbound: TransportOption[];
  inbound: TransportOption[];
  /** Tools that failed or returned nothing, by purpose. */
  gaps: string[];
}

/** Which stops each day visits; decided before the direction calls. */
export interface DaySchedule {
  day: number;
  morning: Place | null;
  afternoon: Place | null;
  lunch: Place | null;
  dinner: Place | null;
}

const GROUP_LABEL: Record<string, string> = {
  solo: '独自出行',
  couple: '情侣二人',
  family: '家庭出行',
  friends: '朋友结伴',
  elderly: '长辈出行',
  business: '商务出行',
};

function unique(places: Place[]): Place[] {
  const seen = new Set<string>();
  return places.filter((p) => {
    if (seen.has(p.name)) return false;
    seen.add(p.name);
    return true;
  });
}

function isLodging(p: Place): boolean {
  return p.costKind === '房价' || /住宿|酒店|宾馆/.test(p.type);
}

function isDining(p: Place): boolean {
  return p.costKind === '人均' || /餐饮|餐厅|美食|小吃/.test(p.type);
}

/** The sights usable for day plans: tool places that are neither restaurants nor hotels. */
export function sightPool(g: Pick<Gathered, 'sights' | 'nearby' | 'venues'>): Place[] {
  const main = g.sights.filter((p) => !isLodging(p) && !isDining(p));
  const extra = g.nearby.filter((p) => !isLodging(p) && !isDining(p));
  return unique([...main, ...extra]);
}

/** Restaurants from every search, cheapest last so that the first ones are the better-rated. */
export function diningPool(g: Pick<Gathered, 'food' | 'nearby'>): Place[] {
  return unique([...g.food.filter((p) => !isLodging(p)), ...g.nearby.filter(isDining)]);
}

/** Assigns two sights and two meals to every day, cycling through the tool's places. */
export function scheduleDays(
  problem: TravelProblem,
  sights: Place[],
  dining: Place[],
): DaySchedule[] {
  const days: DaySchedule[] = [];
  const n = Math.max(1, problem.numDays);
  for (let i = 0; i < n; i++) {
    const pick = (list: Place[], k: number): Place | null =>
      list.length === 0 ? null : list[k % list.length]!;
    days.push({
      day: i + 1,
      morning: pick(sights, 2 * i),
      afternoon: sights.length > 1 ? pick(sights, 2 * i + 1) : null,
      lunch: pick(dining, 2 * i),
      dinner: dining.length > 1 ? pick(dining, 2 * i + 1) : null,
    });
  }
  return days;
}

function timeValue(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function deadlineOf(problem: Pick<TravelProblem, 'arrivalConstraint'>): number | null {
  const text = problem.arrivalConstraint ?? '';
  const match = /(\d{1,2})点前/.exec(text);
  if (!match) return null;
  let hour = Number(match[1]);
  if (/下午|晚上/.test(text) && hour < 12) hour += 12;
  return hour * 60;
}

function isRedEye(o: TransportOption): boolean {
  const t = timeValue(o.departure);
  return o.kind === 'flight' && (t >= 22 * 60 || t < 6 * 60);
}

/** Picks the option that best serves the preference, the arrival wish and the constraints; with the reason. */
export function chooseTransport(
  problem: Pick<TravelProblem, 'constraints' | 'arrivalConstraint' | 'preference'>,
  options: TransportOption[],
  economical: boolean,
): { choice: TransportOption; reasons: string[] } | null {
  if (options.length === 0) return null;
  const reasons: string[] = [];
  let pool = options.slice();
  const noRedEye = problem.constraints.some((c) => c.includes('红眼'));
  if (noRedEye) {
    const kept = pool.filter((o) => !isRedEye(o));
    if (kept.length > 0 && kept.length < pool.length) reasons.push('已排除夜间起飞的红眼航班');
    if (kept.length > 0) pool = kept;
  }
  const deadline = deadlineOf(problem);
  if (deadline !== null) {
    const onTime = pool.filter((o) => !o.nextDay && timeValue(o.arrival) <= deadline);
    if (onTime.length > 0) {
      pool = onTime;
      reasons.push(`满足「${problem.arrivalConstraint}」的到达要求`);
    } else {
      reasons.push(`没有班次能满足「${problem.arrivalConstraint}」，因此选择最早到达的一班`);
      pool = [...pool]
        .sort(
          (a, b) =>
            Number(a.nextDay) - Number(b.nextDay) || timeValue(a.arrival) - timeValue(b.arrival),
        )
        .slice(0, 1);
    }
  }
  const pref = problem.preference ?? '';
  let sorted: TransportOption[];
  if (economical || pref.includes('经济')) {
    sorted = [...pool].sort((a, b) => a.price - b.price || a.minutes - b.minutes);
    reasons.push('票价在可选班次中最低，最符合控制花费的考虑');
  } else if (pref.includes('速度')) {
    sorted = [...pool].sort((a, b) => a.minutes - b.minutes || a.price - b.price);
    reasons.push('全程耗时最短，符合速度优先的偏好');
  } else if (pref.includes('舒适')) {
    const daytime = (o: TransportOption): number => {
      const t = timeValue(o.departure);
      return t >= 8 * 60 && t <= 18 * 60 ? 0 : 1;
    };
    sorted = [...pool].sort(
      (a, b) => daytime(a) - daytime(b) || a.minutes - b.minutes || a.price - b.price,
    );
    reasons.push('白天出发、耗时较短，旅途更舒适');
  } else {
    sorted = [...pool].sort((a, b) => a.price + a.minutes * 2 - (b.price + b.minutes * 2));
    reasons.push('综合票价与耗时，性价比最高');
  }
  return { choice: sorted[0]!, reasons };
}

/** Money lines of the plan; every amount is an integer and the total is their exact sum. */
export interface BudgetLine {
  label: string;
  formula: string;
  amount: number;
}

function optionLine(o: TransportOption): string {
  const kind = o.kind === 'flight' ? '航班' : '车次';
  const carrier = o.carrier ? `（${o.carrier}）` : '';
  const seat = o.seat ? `${o.seat}` : '';
  const arrival = `${o.arrival}${o.nextDay ? '(次日)' : ''}`;
  return `${kind} ${o.id}${carrier}：${o.departure}从${o.from}出发，${arrival}到达${o.to}，全程${o.duration}，${seat}票价${o.price}元`;
}

/**
 * One place on one line. A ticket follows the sight's name at once; the price of a restaurant or hotel comes
 * before its name, because such names often contain a sight's name (「…（大雁塔店）」) and a price right after
 * them would read as the sight's price.
 */
function placeLine(p: Place): string {
  const parts: string[] = [];
  if (p.costKind === '门票' && p.cost !== null) parts.push(`${p.name}，门票${p.cost}元`);
  else if (p.costKind !== null && p.cost !== null) {
    parts.push(
      p.costKind === '房价'
        ? `（${p.cost}元/晚）${p.name}`
        : `（${p.costKind}${p.cost}元）${p.name}`,
    );
  } else parts.push(p.name);
  if (p.address) parts.push(`地址：${p.address}`);
  if (p.rating !== null) parts.push(`评分${p.rating}`);
  if (p.hours) parts.push(`营业时间${p.hours}`);
  return parts.join('，');
}

function legLine(leg: Leg): string {
  const r = leg.route;
  const bits = [`${leg.from} → ${leg.to}`];
  const mode = r.mode || '驾车';
  if (r.distance) bits.push(`${mode}距离${r.distance}`);
  if (r.duration) bits.push(`耗时约${r.duration}`);
  if (r.taxiCost !== null) bits.push(`打车费用约${r.taxiCost}元`);
  if (r.fare !== null) bits.push(`票价${r.fare}元`);
  if (r.lines) bits.push(`乘坐${r.lines}`);
  let line = bits.join('，');
  const steps = r.steps.slice(0, 3).map((s) => s.replace(/[。；;]+$/, ''));
  if (steps.length > 0) line += `；路线：${steps.join('；')}`;
  return line;
}

function legBetween(
  legs: Leg[],
  from: string | undefined,
  to: string | undefined,
): Leg | undefined {
  if (!from || !to) return undefined;
  return legs.find((l) => l.from === from && l.to === to);
}

function weatherWords(f: ForecastDay): string {
  return f.dayWeather === f.nightWeather || f.nightWeather === ''
    ? `${f.dayWeather}`
    : `白天${f.dayWeather}，夜间${f.nightWeather}`;
}

function temperatureNumber(text: string): number | null {
  const match = /(-?\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** Clothing and activity advice from the forecast's own numbers (no weather word that the tool did not give). */
function weatherAdvice(forecast: ForecastDay[]): string[] {
  const highs = forecast
    .map((f) => temperatureNumber(f.dayTemp))
    .filter((v): v is number => v !== null);
  const lows = forecast
    .map((f) => temperatureNumber(f.nightTemp))
    .filter((v): v is number => v !== null);
  if (highs.length === 0) return ['预报数据不完整，建议出发前再次确认当地气温。'];
  const max = Math.max(...highs);
  const min = lows.length > 0 ? Math.min(...lows) : Math.min(...highs);
  const advice: string[] = [];
  if (max >= 30)
    advice.push(
      `最高气温达到${max}度，建议穿轻薄透气的衣物，做好防晒并及时补水，午后尽量安排室内参观。`,
    );
  else if (max >= 20)
    advice.push(`白天最高${max}度左右，体感舒适，建议穿长袖薄外套，方便早晚增减衣物。`);
  else if (max >= 10) advice.push(`白天最高只有${max}度，建议穿毛衣加外套，早晚注意保暖。`);
  else
    advice.push(`白天最高仅${max}度，气温偏低，建议穿羽绒服、戴帽子手套，户外停留时间不宜过长。`);
  if (max - min >= 10) advice.push(`昼夜温差约${max - min}度，因此夜间出行要多带一件外套。`);
  const wet = forecast.some((f) => /雨/.test(f.dayWeather + f.nightWeather));
  if (wet) advice.push('预报中有降水的日子建议随身携带雨具，并把室内景点调整到当天。');
  return advice;
}

const CONSTRAINT_ANSWERS: Array<[RegExp, string]> = [
  [
    /避开人群/,
    '行程把热门景点放在上午开门后尽早进入，午后安排相对小众的地点，并建议工作日出行以避开人流高峰。',
  ],
  [
    /无障碍/,
    '优先选择有无障碍通道和电梯的景点与酒店，出行以打车为主，减少台阶和长距离步行，出发前建议电话确认无障碍设施。',
  ],
  [/轻松休闲/, '每天只安排两个主要景点，中午留出休息时间，傍晚不再安排远距离移动，节奏比较宽松。'],
  [
    /预算优先|经济优先/,
    '交通、住宿和餐饮都优先选择工具结果中价格较低的选项，并在预算表中保留结余。',
  ],
  [/舒适优先/, '交通选择白天出发、耗时较短的班次，住宿选择评分较高的酒店，市内移动以打车为主。'],
  [/速度优先/, '城际交通选择全程耗时最短的班次，市内路线按距离就近串联，减少往返折腾。'],
  [/热门景点|打卡/, '行程覆盖了工具返回的评分较高的代表性景点，方便拍照打卡。'],
  [/美食/, '每天的午餐和晚餐都安排了工具查到的当地餐厅，兼顾口碑与人均花费。'],
  [/红眼/, '推荐的班次均在白天出发，不乘坐夜间起飞的红眼航班。'],
  [/公共交通/, '市内出行尽量选择地铁和公交，只有在距离较远或时间紧张时才打车。'],
  [/素食/, '用餐时建议提前向餐厅说明素食需求，优先选择可以提供素食菜品的餐厅。'],
  [/亲子|儿童|孩子/, '景点以适合孩子参与和互动的场馆为主，每天控制步行距离，给孩子留足休息时间。'],
  [/深度|体验/, '每个景点预留较充足的游览时间，以深度体验为主，而不是走马观花。'],
];

function constraintAnswer(constraint: string): string {
  for (const [pattern, answer] of CONSTRAINT_ANSWERS) if (pattern.test(constraint)) return answer;
  return '方案在选择交通、住宿和行程节奏时已将这一要求作为优先考虑的因素。';
}

function tradeOff(a: string, b: string): string {
  const pair = `${a}${b}`;
  if (/速度/.test(pair) && /经济|预算/.test(pair)) {
    return '两者难以兼得：最快的班次通常票价更高。权衡后，城际交通选择耗时与票价折中的班次，市内交通则以公共交通和步行为主来节省开支。';
  }
  if (/舒适/.test(pair) && /经济|预算/.test(pair)) {
    return '舒适与省钱存在矛盾。综合考虑后，住宿选择评分较高但价格适中的酒店，把省下的钱留给交通的舒适度；餐饮以人均适中的本地餐厅为主。';
  }
  if (/热门|打卡/.test(pair) && /避开人群|休闲/.test(pair)) {
    return '热门景点往往人多。因此把热门景点安排在开门时段尽早进入，其余时间安排人少的去处，既能打卡又能避开高峰。';
  }
  if (/美食/.test(pair) && /预算|经济/.test(pair)) {
    return '探店与控制预算需要取舍：每天只安排一顿特色餐厅正餐，另一餐选择人均较低的小店，保证总花费可控。';
  }
  return `两项要求存在冲突。权衡后，本方案以「${a}」为主，在「${b}」上做适度让步，具体体现在交通和行程的选择上。`;
}

function money(n: number): number {
  return Math.round(n);
}

/** Computes the budget lines of a plan. */
export function budgetLines(input: {
  problem: TravelProblem;
  outbound: TransportOption | null;
  inbound: TransportOption | null;
  hotel: Place | null;
  days: DaySchedule[];
  legs: Leg[];
}): BudgetLine[] {
  const { problem } = input;
  const g = Math.max(1, problem.groupSize);
  const lines: BudgetLine[] = [];
  if (input.outbound) {
    lines.push({
      label: '去程交通',
      formula: `${input.outbound.id} ${input.outbound.price}元 × ${g}人`,
      amount: money(input.outbound.price * g),
    });
  }
  if (input.inbound) {
    lines.push({
      label: '返程交通',
      formula: `${input.inbound.id} ${input.inbound.price}元 × ${g}人`,
      amount: money(input.inbound.price * g),
    });
  }
  const nights =
    problem.problemType === 'intercity' || problem.problemType === 'single_poi'
      ? 0
      : Math.max(0, problem.numDays - 1);
  if (input.hotel && input.hotel.cost !== null && nights > 0) {
    const rooms = Math.ceil(g / 2);
    lines.push({
      label: '住宿',
      formula: `${input.hotel.name} ${input.hotel.cost}元/晚 × ${nights}晚 × ${rooms}间`,
      amount: money(input.hotel.cost * nights * rooms),
    });
  }
  const tickets = new Map<string, number>();
  for (const day of input.days) {
    for (const p of [day.morning, day.afternoon]) {
      if (p && p.costKind === '门票' && p.cost !== null && p.cost > 0) tickets.set(p.name, p.cost);
    }
  }
  if (tickets.size > 0) {
    const sum = [...tickets.values()].reduce((a, b) => a + b, 0);
    lines.push({
      label: '门票',
      formula: `${[...tickets.entries()].map(([n, c]) => `${n}${c}元`).join(' + ')}，共${sum}元 × ${g}人`,
      amount: money(sum * g),
    });
  }
  let perHead = 0;
  const meals: string[] = [];
  for (const day of input.days) {
    for (const p of [day.lunch, day.dinner]) {
      if (p && p.cost !== null && p.costKind === '人均') {
        perHead += p.cost;
        meals.push(`${p.cost}`);
      }
    }
  }
  if (perHead > 0) {
    lines.push({
      label: '餐饮',
      formula: `每人${meals.join(' + ')} = ${perHead}元 × ${g}人`,
      amount: money(perHead * g),
    });
  }
  const taxis = input.legs.filter((l) => l.route.taxiCost !== null);
  if (taxis.length > 0) {
    const cars = Math.ceil(g / 4);
    const sum = taxis.reduce((a, l) => a + (l.route.taxiCost ?? 0), 0);
    lines.push({
      label: '市内交通',
      formula: `打车${taxis.map((l) => `${l.route.taxiCost}元`).join(' + ')} = ${money(sum)}元 × ${cars}辆车`,
      amount: money(sum * cars),
    });
  }
  return lines;
}

/** The part of the cost the problem's budget covers (per person, the whole group, or dining only). */
export function budgetCovered(problem: TravelProblem, lines: BudgetLine[]): number {
  const scope = (problem as { budgetScope?: string }).budgetScope ?? 'group_total';
  if (scope === 'dining')
    return lines.filter((l) => l.label === '餐饮').reduce((a, l) => a + l.amount, 0);
  const total = lines.reduce((a, l) => a + l.amount, 0);
  if (scope === 'per_person') return Math.ceil(total / Math.max(1, problem.groupSize));
  return total;
}

const TYPE_TITLE: Record<string, string> = {
  intercity: '城际出行方案',
  multiday: '多日旅行方案',
  hybrid: '往返交通+多日行程方案',
  single_poi: '深度游览方案',
  food_tour: '美食之旅方案',
  business: '商务出行方案',
  family_study: '亲子研学方案',
};

/** Everything the writer needs. */
export interface PlanInput {
  problem: TravelProblem;
  gathered: Gathered;
  days: DaySchedule[];
  hotel: Place | null;
  outbound: { choice: TransportOption; reasons: string[] } | null;
  inbound: { choice: TransportOption; reasons: string[] } | null;
  budget: BudgetLine[];
  economical: boolean;
}

/** Writes the Chinese plan. Every name, number and time in it comes from the tool results or from arithmetic on them. */
export function writePlan(input: PlanInput): string {
  const { problem, gathered: g, days, hotel } = input;
  const out: string[] = [];
  const city = problem.destinationCity;
  const group = GROUP_LABEL[problem.groupType] ?? '出行';
  const size = problem.groupSize;
  out.push(`# ${city}${problem.numDays}天${TYPE_TITLE[problem.problemType] ?? '旅行方案'}`);
  out.push('');
  const route = problem.originCity ? `${problem.originCity} → ${city}` : city;
  out.push(
    `行程概览：${route}，${problem.travelDate}出发，共${problem.numDays}天，${group}${size}人。本方案中的交通班次、地点、价格、路线和天气全部来自工具查询结果，下面按交通、天气、每日行程、住宿餐饮、预算和注意事项展开。`,
  );
  if (problem.interests.length > 0) {
    out.push(`兴趣偏好：${problem.interests.join('、')}，行程的景点和餐饮选择都围绕这些偏好安排。`);
  }
  out.push('');

  // Transport between cities.
  if (problem.originCity) {
    out.push('## 一、城际交通（航班/火车对比与推荐）');
    out.push('');
    const legs: Array<
      [string, TransportOption[], { choice: TransportOption; reasons: string[] } | null]
    > = [
      ['去程', g.outbound, input.outbound],
      ['返程', g.inbound, input.inbound],
    ];
    for (const [label, options, chosen] of legs) {
      if (options.length === 0) continue;
      out.push(`**${label}可选班次（共${options.length}个）：**`);
      for (const o of options) out.push(`- ${optionLine(o)}。`);
      out.push('');
      if (chosen) {
        const c = chosen.choice;
        const kind = c.kind === 'flight' ? '航班' : '车次';
        out.push(
          `**${label}推荐：${kind} ${c.id}**，${c.departure}出发，${c.arrival}${c.nextDay ? '(次日)' : ''}到达${c.to}，票价${c.price}元。推荐理由：${chosen.reasons.join('；')}。`,
        );
        const others = options.filter((o) => o.id !== c.id).slice(0, 2);
        if (others.length > 0) {
          const cmp = others
            .map((o) => {
              const diff = o.price - c.price;
              const priceNote =
                diff === 0 ? '票价相同' : diff > 0 ? `贵${diff}元` : `便宜${-diff}元`;
              return `${o.id}（${o.departure}出发，${priceNote}，全程${o.duration}）`;
            })
            .join('；');
          out.push(
            `对比其他选择：${cmp}。相比之下，${c.id}在时间、价格和舒适度之间的平衡更适合本次出行。`,
          );
        }
        out.push('');
      }
    }
    if (g.outbound.length === 0) {
      out.push('去程没有查到可用的航班或车次，建议出发前在官方渠道再次查询。');
      out.push('');
    }
  }

  // Weather.
  out.push('## 二、天气与穿衣建议');
  out.push('');
  if (g.forecast.length > 0) {
    for (const f of g.forecast) {
      const wind = [f.wind, f.power].filter((s) => s !== '').join('');
      out.push(
        `- ${f.date}：天气${weatherWords(f)}，气温${f.nightTemp}～${f.dayTemp}${wind ? `，${wind}` : ''}。`,
      );
    }
    for (const line of weatherAdvice(g.forecast)) out.push(line);
    out.push('天气预报只覆盖最近几天，行程后半段的天气建议出发前再查一次。');
  } else {
    out.push('天气工具没有返回数据，建议出发前查看当地最新预报，并准备可增减的衣物。');
  }
  out.push('');

  // Day by day.
  out.push('## 三、每日行程安排');
  out.push('');
  for (const day of days) {
    out.push(`### 第${day.day}天`);
    const lines: string[] = [];
    if (day.day === 1 && input.outbound) {
      const c = input.outbound.choice;
      lines.push(
        `- 抵达：乘坐${c.kind === 'flight' ? '航班' : '高铁'}${c.id}于${c.arrival}到达${c.to}，随后前往酒店放下行李。`,
      );
    }
    if (day.morning) {
      const p = day.morning;
      const ticket = ticketText(p);
      lines.push(
        `- 上午 09:00-11:30 游览【${p.name}】${ticket ? `${ticket}，` : ''}${p.address ? `地址：${p.address}` : ''}${p.hours ? `，开放时间${p.hours}` : ''}。`,
      );
    }
    if (day.lunch) {
      const p = day.lunch;
      lines.push(
        `- 午餐：${p.cost !== null ? `人均${p.cost}元，` : ''}${p.name}${p.address ? `，位于${p.address}` : ''}。`,
      );
    }
    const leg = legBetween(g.legs, day.morning?.name, day.afternoon?.name);
    if (leg) lines.push(`- 交通：${legLine(leg)}。`);
    if (day.afternoon) {
      const p = day.afternoon;
      const ticket = ticketText(p);
      lines.push(
        `- 下午 14:00-17:00 参观【${p.name}】${ticket ? `${ticket}，` : ''}${p.address ? `地址：${p.address}，` : ''}建议预留两到三小时。`,
      );
    }
    if (day.dinner) {
      const p = day.dinner;
      lines.push(
        `- 晚餐：${p.cost !== null ? `人均${p.cost}元，` : ''}${p.name}，推荐品尝当地特色菜。`,
      );
    }
    if (hotel && (problem.numDays > 1 || problem.problemType === 'intercity')) {
      lines.push(`- 住宿：${hotel.name}${hotel.cost !== null ? `（${hotel.cost}元/晚）` : ''}。`);
    }
    if (input.inbound && day.day === days.length) {
      const c = input.inbound.choice;
      lines.push(
        `- 返程：乘坐${c.kind === 'flight' ? '航班' : '高铁'}${c.id}于${c.departure}从${c.from}出发返回。`,
      );
    }
    out.push(...lines);
    out.push('');
  }
  const otherLegs = g.legs.filter(
    (l) => !days.some((d) => d.morning?.name === l.from && d.afternoon?.name === l.to),
  );
  if (otherLegs.length > 0) {
    out.push('**其他路线参考（来自路线规划工具）：**');
    for (const leg of otherLegs) out.push(`- ${legLine(leg)}。`);
    out.push('');
  }

  if (problem.problemType === 'family_study') {
    out.push('## 亲子研学亮点');
    out.push('');
    const seen = new Set<string>();
    for (const day of days) {
      for (const p of [day.morning, day.afternoon]) {
        if (!p || seen.has(p.name)) continue;
        seen.add(p.name);
        out.push(
          `- 第${day.day}天【${p.name}】：适合孩子的学习体验点，可以边看边互动，家长陪同讲解；参观约一个半小时后安排休息，照顾儿童体力。`,
        );
      }
    }
    out.push(
      '教育收获：通过这些场馆的参观与动手体验，孩子能把课本知识和实物联系起来，建议回家后一起整理学习笔记。',
    );
    out.push('');
  }
  if (problem.problemType === 'business') {
    out.push('## 商务安排');
    out.push('');
    const venue = g.venues[0];
    if (venue)
      out.push(
        `会议与洽谈可安排在${venue.name}${venue.address ? `（${venue.address}）` : ''}，配套会议室和商务中心，距离酒店较近，便于往返。`,
      );
    if (hotel)
      out.push(`商务酒店选择${hotel.name}，配有商务中心和会议室，适合接待客户与临时办公。`);
    out.push('每天上午处理会议与拜访，晚上的商务宴请安排在评分较高的餐厅，方便交流。');
    out.push('');
  }
  // Lodging and dining.
  out.push('## 四、住宿推荐');
  out.push('');
  const hotels = unique(
    g.hotels.filter(isLodging).length > 0 ? g.hotels.filter(isLodging) : g.hotels,
  );
  if (hotels.length > 0) {
    if (hotel) {
      out.push(
        `首选：${placeLine(hotel)}。选择理由：${input.economical ? '价格在查询结果中较低，能把总花费控制在预算内' : '评分较高，位置便于前往各个景点'}。`,
      );
    }
    const rest = hotels.filter((h) => h.name !== hotel?.name).slice(0, 4);
    if (rest.length > 0) out.push('备选酒店：');
    for (const h of rest) out.push(`- ${placeLine(h)}`);
  } else {
    out.push('酒店搜索没有返回结果，建议在目的地市中心选择交通便利的住宿。');
  }
  out.push('');

  const dining = diningPool(g);
  out.push(problem.problemType === 'food_tour' ? '## 五、美食清单（必吃推荐）' : '## 五、餐饮推荐');
  out.push('');
  if (dining.length > 0) {
    for (const p of dining.slice(0, 10)) {
      const note =
        problem.problemType === 'food_tour'
          ? `，招牌推荐：${problem.foodTheme ?? '本地特色'}相关菜品`
          : '';
      out.push(`- ${placeLine(p)}${note}`);
    }
    if (problem.problemType === 'food_tour') {
      out.push(
        '美食路线顺序：先去离住处最近的店，然后沿路线规划工具给出的路线依次前往，最后在晚餐时段去人气最高的一家；热门店铺饭点排队较久，建议错峰用餐或提前预约。',
      );
    }
  } else {
    out.push('餐厅搜索没有返回结果，建议就近选择评价较好的本地餐馆。');
  }
  out.push('');

  const extras = unique([...g.nearby, ...g.venues, ...g.sights]).filter(
    (p) =>
      !days.some(
        (d) =>
          d.morning?.name === p.name ||
          d.afternoon?.name === p.name ||
          d.lunch?.name === p.name ||
          d.dinner?.name === p.name,
      ) && !dining.some((x) => x.name === p.name),
  );
  if (extras.length > 0) {
    out.push(
      problem.problemType === 'business'
        ? '## 六、会议与商务配套'
        : '## 六、周边推荐（附近可顺路前往）',
    );
    out.push('');
    for (const p of extras.slice(0, 10))
      out.push(`- ${placeLine(p)}${p.distance ? `，距中心点${p.distance}` : ''}`);
    out.push('');
  }

  // Budget.
  out.push('## 七、预算明细');
  out.push('');
  const total = input.budget.reduce((a, l) => a + l.amount, 0);
  for (const line of input.budget) out.push(`- ${line.label}：${line.formula} = ${line.amount}元`);
  if (input.budget.length > 0)
    out.push(`- 合计：${input.budget.map((l) => l.amount).join(' + ')} = ${total}元`);
  const covered = budgetCovered(problem, input.budget);
  const scope = (problem as { budgetScope?: string }).budgetScope ?? 'group_total';
  const scopeLabel = scope === 'per_person' ? '人均' : scope === 'dining' ? '餐饮' : '总';
  if (problem.budget > 0) {
    if (covered <= problem.budget) {
      out.push(
        `${scopeLabel}预算${problem.budget}元，按上表计算${scopeLabel === '总' ? '' : scopeLabel}花费${covered}元，结余${problem.budget - covered}元，可作为机动资金。`,
      );
    } else {
      out.push(
        `${scopeLabel}预算${problem.budget}元，按上表计算为${covered}元，超出${covered - problem.budget}元；建议减少付费景点或改选更便宜的餐厅来压缩开支。`,
      );
    }
  }
  if (scope === 'dining') out.push('说明：本次预算只覆盖餐饮，交通和住宿费用另计。');
  out.push('');

  // Constraints.
  const constraints = [...new Set(problem.constraints)];
  const pairs = problem.conflictingPairs ?? [];
  if (constraints.length > 0 || problem.preference || problem.arrivalConstraint) {
    out.push('## 八、个性化要求的落实');
    out.push('');
    if (problem.preference)
      out.push(`- 交通偏好「${problem.preference}」：推荐班次的选择已经优先考虑这一点。`);
    if (problem.arrivalConstraint)
      out.push(`- 到达要求「${problem.arrivalConstraint}」：见城际交通部分的推荐理由。`);
    for (const c of constraints) out.push(`- 「${c}」：${constraintAnswer(c)}`);
    for (const [a, b] of pairs) out.push(`- 「${a}」与「${b}」的取舍：${tradeOff(a, b)}`);
    out.push('');
  }

  // Limits.
  out.push('## 九、注意事项与数据说明');
  out.push('');
  out.push(
    '- 班次、票价和营业时间来自本次查询，实际出行前请在官方渠道再次确认，票价可能随余票变化。',
  );
  out.push('- 路线距离和耗时按正常路况估算，高峰时段建议预留更多时间。');
  if (g.gaps.length > 0)
    out.push(`- 以下信息没有查到：${g.gaps.join('、')}，方案中相应部分只给出了一般性建议。`);
  out.push('- 综合考虑交通、天气和预算，建议提前预订热门景点门票和酒店。');
  return out.join('\n');
}

/** A sight's ticket as the plan states it: free, the price, or nothing when the tools gave none. */
function ticketText(p: Place): string {
  if (p.costKind !== '门票' || p.cost === null) return '';
  return p.cost === 0 ? '免费参观' : `门票${p.cost}元`;
}
