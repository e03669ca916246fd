// Readers of the tools' public result texts. The reference agent sees only what any model sees.

/** One place read from a poi_search / around_search result. */
export interface Place {
  name: string;
  address: string;
  location: string | null;
  type: string;
  rating: number | null;
  tel: string;
  hours: string;
  /** 人均 (dining), 门票 (ticket) or 房价 (nightly room) in CNY. */
  costKind: '人均' | '门票' | '房价' | null;
  cost: number | null;
  /** Distance from the search centre as written (around_search), e.g. `850米`. */
  distance: string | null;
}

/** One forecast day read from a weather result. */
export interface ForecastDay {
  date: string;
  dayWeather: string;
  nightWeather: string;
  dayTemp: string;
  nightTemp: string;
  wind: string;
  power: string;
}

/** A route read from a direction result. */
export interface Route {
  mode: string;
  distance: string | null;
  duration: string | null;
  taxiCost: number | null;
  fare: number | null;
  lines: string;
  /** Navigation steps in order. */
  steps: string[];
}

/** A flight or train read from a transport result. */
export interface TransportOption {
  kind: 'flight' | 'train';
  id: string;
  /** Airline or train class, e.g. `中国国际航空` / `高铁`. */
  carrier: string;
  /** Seat class label for trains (`二等座`), cabin for flights. */
  seat: string;
  price: number;
  departure: string;
  from: string;
  arrival: string;
  nextDay: boolean;
  to: string;
  duration: string;
  /** Duration in minutes (parsed from `2小时15分`). */
  minutes: number;
}

function fields(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const line of text.split('\n')) {
    const match = /^\s*([^:：#\s][^:：]{0,20})[:：]\s?(.*)$/.exec(line);
    if (match) out.push([match[1]!.trim(), match[2]!.trim()]);
  }
  return out;
}

function number(text: string | undefined): number | null {
  if (text === undefined) return null;
  const match = /(\d+(?:\.\d+)?)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** Reads the places of a POI list. */
export function parsePlaces(text: string): Place[] {
  const places: Place[] = [];
  let current: Place | null = null;
  for (const [key, value] of fields(text)) {
    if (key === '名称') {
      current = {
        name: value,
        address: '',
        location: null,
        type: '',
        rating: null,
        tel: '',
        hours: '',
        costKind: null,
        cost: null,
        distance: null,
      };
      places.push(current);
      continue;
    }
    if (current === null) continue;
    switch (key) {
      case '地址':
        current.address = value;
        break;
      case 'location':
        current.location = /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(value) ? value : null;
        break;
      case '类型':
        current.type = value;
        break;
      case '评分':
        current.rating = number(value);
        break;
      case '电话':
        current.tel = value;
        break;
      case '营业时间':
        current.hours = value;
        break;
      case '距离':
        current.distance = value;
        break;
      case '人均':
      case '门票':
      case '房价':
        current.costKind = key;
        current.cost = number(value);
        break;
      default:
        break;
    }
  }
  return places.filter((p) => p.name !== '');
}

/** Reads the days of a forecast. */
export function parseForecast(text: string): ForecastDay[] {
  const days: ForecastDay[] = [];
  let current: ForecastDay | null = null;
  for (const [key, value] of fields(text)) {
    if (key === '日期') {
      current = {
        date: value,
        dayWeather: '',
        nightWeather: '',
        dayTemp: '',
        nightTemp: '',
        wind: '',
        power: '',
      };
      days.push(current);
      continue;
    }
    if (current === null) continue;
    if (key === '白天天气') current.dayWeather = value;
    else if (key === '夜间天气') current.nightWeather = value;
    else if (key === '白天温度') current.dayTemp = value;
    else if (key === '夜间温度') current.nightTemp = value;
    else if (key === '风向') current.wind = value;
    else if (key === '风力') current.power = value;
  }
  return days;
}

/** Reads a route. */
export function parseRoute(text: string): Route | null {
  const route: Route = {
    mode: '',
    distance: null,
    duration: null,
    taxiCost: null,
    fare: null,
    lines: '',
    steps: [],
  };
  let seen = false;
  for (const [key, value] of fields(text)) {
    if (key === '出行方式') route.mode = value;
    else if (key === '距离') {
      route.distance = value;
      seen = true;
    } else if (key === '耗时') route.duration = value;
    else if (key === '打车费用约') route.taxiCost = number(value);
    else if (key === '票价') route.fare = number(value);
    else if (key === '乘坐线路') route.lines = value;
    else if (key === '导航') route.steps.push(value);
  }
  return seen ? route : null;
}

function minutesOf(duration: string): number {
  const hours = /(\d+)\s*小时/.exec(duration);
  const minutes = /(\d+)\s*分/.exec(duration);
  return (hours ? Number(hours[1]) * 60 : 0) + (minutes ? Number(minutes[1]) : 0);
}

/** Reads the flights or trains of a transport result (one record per line). */
export function parseTransport(text: string, kind: 'flight' | 'train'): TransportOption[] {
  const options: TransportOption[] = [];
  const idPattern = kind === 'flight' ? /航班\s*([A-Z0-9]{2}\d{3,4})/ : /车次\s*([GDCZTK]\d{1,5})/;
  for (const line of text.split('\n')) {
    const id = idPattern.exec(line);
    const price = /价格\s*(\d+(?:\.\d+)?)\s*元/.exec(line);
    const depart = /(\d{1,2}:\d{2})\s*从(.+?)出发/.exec(line);
    const arrive = /(\d{1,2}:\d{2})\s*([（(]次日[）)])?\s*(?:到达|抵达)([^，,。\s]+)/.exec(line);
    if (!id || !price || !depart || !arrive) continue;
    const carrier = /[（(]([^）)]+)[）)]/.exec(
      line.slice(id.index + id[0].length, id.index + id[0].length + 20),
    );
    const duration = /(?:飞行时长|全程约|历时|用时)\s*([^，,。\s]+)/.exec(line);
    const seat =
      kind === 'train'
        ? /([\u4e00-\u9fa5]{1,4}座)/.exec(line)
        : /(经济舱|商务舱|头等舱)/.exec(line);
    options.push({
      kind,
      id: id[1]!,
      carrier: carrier?.[1] ?? '',
      seat: seat?.[1] ?? '',
      price: Number(price[1]),
      departure: depart[1]!,
      from: depart[2]!,
      arrival: arrive[1]!,
      nextDay: arrive[2] !== undefined,
      to: arrive[3]!,
      duration: duration?.[1] ?? '',
      minutes: duration ? minutesOf(duration[1]!) : 0,
    });
  }
  return options;
}
