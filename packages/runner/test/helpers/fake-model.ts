import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How the fake model treats one chat-completion request: `hold` never answers it; a function answers it
 * (and may leave it open).
 */
export type FakeAnswer = 'hold' | ((response: ServerResponse) => void);

/** A model endpoint on 127.0.0.1 that counts requests and sees when a client gives one up. */
export interface FakeModel {
  /** Base URL for OpenAI clients (`…/v1`). */
  readonly url: string;
  /** Chat-completion requests received so far. */
  readonly requests: number;
  /** Resolves once `n` requests have arrived. */
  arrived(n: number): Promise<void>;
  /** Resolves once a request was answered in full (`finish` of its answer). */
  readonly answered: Promise<void>;
  /** Resolves once a client closed the connection of a request that was never answered. */
  readonly abandoned: Promise<void>;
  /** Stops the server, dropping open connections. */
  close(): Promise<void>;
}

/** Starts a {@link FakeModel}; `answer(index)` decides how request `index` (0-based) is treated. */
export async function startFakeModel(answer: (index: number) => FakeAnswer): Promise<FakeModel> {
  let requests = 0;
  const waiting: Array<{ n: number; resolve: () => void }> = [];
  let markAnswered!: () => void;
  let markAbandoned!: () => void;
  const answered = new Promise<void>((resolve) => (markAnswered = resolve));
  const abandoned = new Promise<void>((resolve) => (markAbandoned = resolve));
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const index = requests;
    requests += 1;
    for (const w of waiting.filter((w) => requests >= w.n)) w.resolve();
    request.resume();
    response.on('finish', markAnswered);
    response.on('close', () => {
      if (!response.writableFinished) markAbandoned();
    });
    const how = answer(index);
    if (how !== 'hold') how(response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    arrived: (n) =>
      requests >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve })),
    answered,
    abandoned,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers with an OpenAI-style 503 that asks the client to wait an hour before retrying. */
export function unavailableForAnHour(response: ServerResponse): void {
  response
    .writeHead(503, { 'content-type': 'application/json', 'retry-after': '3600' })
    .end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
}
