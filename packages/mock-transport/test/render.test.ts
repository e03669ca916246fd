import { describe, expect, it } from 'vitest';
import {
  durationText,
  renderFlightRecord,
  renderFlights,
  renderTrainRecord,
  renderTrains,
  searchFlights,
  searchTrains,
  type FlightRecord,
  type TrainRecord,
} from '../src/index';
import { pinned, sampleDates } from './helpers';

// The line formats the fact extractor relies on, written out independently.
const FLIGHT_LINE =
  /^航班 ([A-Z0-9]{2}\d{4})（([^（）]+)），价格(\d+)元，(\d{2}:\d{2})从(\S+?)出发，(\d{2}:\d{2})(\(次日\))?到达(\S+?)，飞行时长(\d+小时(?:\d+分)?|\d+分钟)，经济舱(，红眼航班)?$/;
const TRAIN_LINE =
  /^车次 ([GDCZTK]\d{1,4})（(高铁|动车|城际|直达特快|特快|快速)），(二等座|一等座|硬座|硬卧)价格(\d+)元，(\d{2}:\d{2})从(\S+?)出发，(\d{2}:\d{2})(\(次日\)|\(第\d日\))?到达(\S+?)，全程约(\d+小时(?:\d+分)?|\d+分钟)$/;

const flight: FlightRecord = {
  id: 'CA1501',
  airline: '中国国际航空',
  airlineCode: 'CA',
  fromAirport: '北京首都国际机场',
  toAirport: '上海虹桥国际机场',
  departure: '08:00',
  arrival: '10:15',
  nextDay: false,
  arrivalDayOffset: 0,
  durationMinutes: 135,
  price: 850,
  cabin: '经济舱',
  redEye: false,
  distanceKm: 1200,
};

const train: TrainRecord = {
  id: 'G5',
  trainType: 'G',
  fromStation: '北京南站',
  toStation: '上海虹桥站',
  departure: '07:00',
  arrival: '11:40',
  nextDay: false,
  arrivalDayOffset: 0,
  durationMinutes: 280,
  seatType: '二等座',
  price: 598,
  distanceKm: 1200,
};

describe('record text', () => {
  it('renders a flight exactly', () => {
    expect(renderFlightRecord(flight)).toBe(
      '航班 CA1501（中国国际航空），价格850元，08:00从北京首都国际机场出发，10:15到达上海虹桥国际机场，飞行时长2小时15分，经济舱',
    );
    expect(
      renderFlightRecord({
        ...flight,
        redEye: true,
        departure: '23:30',
        arrival: '01:45',
        nextDay: true,
        arrivalDayOffset: 1,
      }),
    ).toBe(
      '航班 CA1501（中国国际航空），价格850元，23:30从北京首都国际机场出发，01:45(次日)到达上海虹桥国际机场，飞行时长2小时15分，经济舱，红眼航班',
    );
  });

  it('renders a train exactly, with day markers', () => {
    expect(renderTrainRecord(train)).toBe(
      '车次 G5（高铁），二等座价格598元，07:00从北京南站出发，11:40到达上海虹桥站，全程约4小时40分',
    );
    const k = {
      ...train,
      id: 'K1159',
      trainType: 'K' as const,
      seatType: '硬卧',
      departure: '20:00',
      arrival: '06:10',
    };
    expect(
      renderTrainRecord({ ...k, nextDay: true, arrivalDayOffset: 1, durationMinutes: 610 }),
    ).toBe(
      '车次 K1159（快速），硬卧价格598元，20:00从北京南站出发，06:10(次日)到达上海虹桥站，全程约10小时10分',
    );
    expect(
      renderTrainRecord({ ...k, nextDay: true, arrivalDayOffset: 2, durationMinutes: 2050 }),
    ).toContain('06:10(第3日)到达');
  });

  it('writes durations in Chinese', () => {
    expect(durationText(45)).toBe('45分钟');
    expect(durationText(60)).toBe('1小时');
    expect(durationText(135)).toBe('2小时15分');
    expect(durationText(1501)).toBe('25小时1分');
  });

  it('lists one record per line and says so when there are none', () => {
    expect(renderFlights([flight, flight]).split('\n')).toHaveLength(2);
    expect(renderTrains([train])).toBe(renderTrainRecord(train));
    expect(renderFlights([])).toBe('没有找到符合条件的航班');
    expect(renderTrains([])).toBe('没有找到符合条件的直达车次');
  });

  it('every generated line matches the documented format', () => {
    const epoch = pinned('format');
    const pairs = [
      ['北京', '上海'],
      ['北京', '乌鲁木齐'],
      ['广州', '深圳'],
      ['杭州', '厦门'],
      ['嘉峪关', '上海'],
      ['扬州', '北京'],
    ] as const;
    for (const date of sampleDates(10)) {
      for (const [a, b] of pairs) {
        for (const line of renderFlights(
          searchFlights({ date, fromCity: a, toCity: b }, { epoch }),
        ).split('\n')) {
          expect(line).toMatch(FLIGHT_LINE);
        }
        for (const line of renderTrains(
          searchTrains({ date, fromCity: a, toCity: b }, { epoch }),
        ).split('\n')) {
          expect(line).toMatch(TRAIN_LINE);
        }
      }
    }
  });
});

describe('golden render', () => {
  it('北京 → 上海 on 2025-06-22 under salt golden', async () => {
    const epoch = pinned('golden');
    const q = { date: '2025-06-22', fromCity: '北京', toCity: '上海' };
    const text = `${renderFlights(searchFlights(q, { epoch }))}\n\n${renderTrains(searchTrains(q, { epoch }))}\n`;
    await expect(text).toMatchFileSnapshot('./__snapshots__/beijing-shanghai.txt');
  });

  it('成都 → 哈尔滨 on 2025-12-20 under salt golden (long route, overnight trains)', async () => {
    const epoch = pinned('golden');
    const q = { date: '2025-12-20', fromCity: '成都', toCity: '哈尔滨' };
    const text = `${renderFlights(searchFlights(q, { epoch }))}\n\n${renderTrains(searchTrains(q, { epoch }))}\n`;
    await expect(text).toMatchFileSnapshot('./__snapshots__/chengdu-harbin.txt');
  });
});
