import { ERROR_CODES, NavworldError, type Epoch } from '@navworld/core-types';
import { renderFlights, renderTrains, searchFlights, searchTrains } from '@navworld/mock-transport';

/** Outcome of a transport tool: rendered text or a failure. */
export type TransportOutcome =
  { ok: true; text: string } | { ok: false; code: string; message: string };

const TRANSPORT_MESSAGES: Readonly<Record<string, (from: string, to: string) => string>> = {
  [ERROR_CODES.UNKNOWN_CITY]: (from, to) =>
    `未找到城市「${from}」或「${to}」，请使用中文城市名，例如 '北京'`,
  [ERROR_CODES.NO_AIRPORT]: (from, to) => `${from}或${to}没有民航机场，请改查火车票`,
  [ERROR_CODES.NO_STATION]: (from, to) => `${from}或${to}没有火车站，请改查航班`,
  [ERROR_CODES.SAME_CITY]: () => '出发城市和到达城市相同，请检查参数',
  [ERROR_CODES.INVALID_DATE]: () => "date 需要 'YYYY-MM-DD' 格式的有效日期",
};

/** Runs a transport tool against the mock transport generator and renders its records. */
export function callTransport(
  tool: 'search_flights' | 'search_train_tickets',
  args: Record<string, unknown>,
  epoch: Epoch,
): TransportOutcome {
  const query = {
    date: String(args['date']),
    fromCity: String(args['from_city']),
    toCity: String(args['to_city']),
  };
  try {
    if (tool === 'search_flights') {
      const records = searchFlights(query, { epoch });
      if (records.length === 0)
        return { ok: false, code: ERROR_CODES.NO_RESULTS, message: renderFlights(records) };
      return { ok: true, text: renderFlights(records) };
    }
    const records = searchTrains(query, { epoch });
    if (records.length === 0)
      return { ok: false, code: ERROR_CODES.NO_RESULTS, message: renderTrains(records) };
    return { ok: true, text: renderTrains(records) };
  } catch (error) {
    if (NavworldError.isInstance(error)) {
      const message =
        TRANSPORT_MESSAGES[error.code]?.(query.fromCity, query.toCity) ??
        `查询失败：${error.message}`;
      return { ok: false, code: error.code, message };
    }
    throw error;
  }
}
