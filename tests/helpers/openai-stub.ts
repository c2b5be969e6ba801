/**
 * A local OpenAI-compatible server for tests and for trying the assistant without a key: it
 * answers POST /v1/chat/completions as the real API does (choices, tool_calls, usage; errors as
 * `{error: {message, type}}`), records every request, and replies from a script.
 *
 * Scripting: queue replies (in process with `stub.enqueue(...)`, or over HTTP with
 * `POST /_stub/replies` and a JSON array); each request takes the next one. With the queue empty
 * it plays a small analyst: it asks for `get_quotes` of the symbols the question names (or
 * `get_journal_stats` for a journal question), then answers from the tool results it is sent.
 * `GET /_stub/requests` lists what it received; `DELETE /_stub/requests` and
 * `DELETE /_stub/replies` clear; `GET /_stub/health` says it is up.
 *
 * Standalone: `npm run openai-stub` (port OPENAI_STUB_PORT, default 4010), then
 * `OPENAI_BASE_URL=http://127.0.0.1:4010/v1 OPENAI_API_KEY=stub npm start`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { asksAboutJournal, symbolsIn } from '@shared/chat/question';

export type StubReply =
  | { type: 'text'; content: string; delayMs?: number }
  | {
      type: 'tool_calls';
      calls: { name: string; arguments: Record<string, unknown> | string }[];
      delayMs?: number;
    }
  /** A choice whose content is empty (null, or '' with `content: ''`). */
  | { type: 'empty'; content?: '' | null; delayMs?: number }
  | { type: 'error'; status: number; message?: string; delayMs?: number };

export interface StubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The caller's user agent: the openai SDK sends `OpenAI/JS <version>`. */
  userAgent: string | undefined;
  body: ChatRequestBody;
}

interface ChatMessage {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface ChatRequestBody {
  model?: string;
  messages?: ChatMessage[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
  max_tokens?: number;
  temperature?: number;
  [key: string]: unknown;
}

export interface OpenAiStub {
  /** The base URL to give the client: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  port: number;
  requests: StubRequest[];
  enqueue(...replies: StubReply[]): void;
  reset(): void;
  close(): Promise<void>;
}

let sequence = 0;

function completion(body: ChatRequestBody, message: Record<string, unknown>, finishReason: string) {
  sequence += 1;
  return {
    id: `chatcmpl-stub-${sequence}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'stub-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', refusal: null, ...message },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    system_fingerprint: 'stub',
  };
}

function render(reply: StubReply, body: ChatRequestBody): { status: number; json: unknown } {
  switch (reply.type) {
    case 'text':
      return { status: 200, json: completion(body, { content: reply.content }, 'stop') };
    case 'empty':
      return { status: 200, json: completion(body, { content: reply.content ?? null }, 'stop') };
    case 'error':
      return {
        status: reply.status,
        json: {
          error: { message: reply.message ?? 'The stub was told to fail', type: 'server_error', code: null },
        },
      };
    case 'tool_calls':
      return {
        status: 200,
        json: completion(
          body,
          {
            content: null,
            tool_calls: reply.calls.map((call, i) => ({
              id: `call_stub_${sequence + 1}_${i}`,
              type: 'function',
              function: {
                name: call.name,
                arguments:
                  typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
              },
            })),
          },
          'tool_calls',
        ),
      };
  }
}

interface QuoteResult {
  quotes?: { symbol: string; price: string; change: string; changePercent: string; timestamp: string }[];
  source?: string;
}

/** The default script: ask for data once, then answer from what the tools returned. */
export function defaultReply(body: ChatRequestBody): StubReply {
  const messages = body.messages ?? [];
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const toolResults = messages.filter((m) => m.role === 'tool');
  if (toolResults.length > 0) {
    const lines = ['**Stub model answer** (from the tool results it was sent):'];
    for (const message of toolResults) {
      let parsed: QuoteResult & {
        error?: string;
        total_trades?: number;
        win_rate?: number;
        total_pnl?: number;
      };
      try {
        parsed = JSON.parse(message.content ?? '{}') as typeof parsed;
      } catch {
        continue;
      }
      if (parsed.error) lines.push(`- A tool failed: ${parsed.error}`);
      for (const q of parsed.quotes ?? [])
        lines.push(
          `- ${q.symbol} last traded at $${q.price} (${q.change}, ${q.changePercent}) at ${q.timestamp} (${parsed.source ?? 'simulated'} data).`,
        );
      if (parsed.total_trades !== undefined)
        lines.push(
          `- Your journal: ${parsed.total_trades} trades, win rate ${parsed.win_rate}%, total P&L $${parsed.total_pnl}.`,
        );
    }
    return { type: 'text', content: lines.join('\n') };
  }
  const offered = new Set((body.tools ?? []).map((t) => t.function.name));
  if (asksAboutJournal(question) && offered.has('get_journal_stats'))
    return { type: 'tool_calls', calls: [{ name: 'get_journal_stats', arguments: {} }] };
  const symbols = symbolsIn(question).slice(0, 3);
  if (symbols.length > 0 && offered.has('get_quotes'))
    return { type: 'tool_calls', calls: [{ name: 'get_quotes', arguments: { symbols } }] };
  return { type: 'text', content: `**Stub model answer** to: ${question}` };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function send(res: ServerResponse, status: number, json: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(json));
}

export async function startOpenAiStub(options: { port?: number; host?: string } = {}): Promise<OpenAiStub> {
  const host = options.host ?? '127.0.0.1';
  const queue: StubReply[] = [];
  const requests: StubRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    void (async () => {
      try {
        if (path === '/_stub/health') return send(res, 200, { status: 'ok' });
        if (path === '/_stub/requests' && req.method === 'GET') return send(res, 200, { requests });
        if (path === '/_stub/requests' && req.method === 'DELETE') {
          requests.length = 0;
          return send(res, 200, { cleared: true });
        }
        if (path === '/_stub/replies' && req.method === 'POST') {
          queue.push(...((await readJson(req)) as StubReply[]));
          return send(res, 200, { queued: queue.length });
        }
        if (path === '/_stub/replies' && req.method === 'DELETE') {
          queue.length = 0;
          return send(res, 200, { cleared: true });
        }
        if (path === '/v1/chat/completions' && req.method === 'POST') {
          const body = ((await readJson(req)) ?? {}) as ChatRequestBody;
          requests.push({
            method: req.method,
            path,
            authorization: req.headers.authorization,
            userAgent: req.headers['user-agent'],
            body,
          });
          const reply = queue.shift() ?? defaultReply(body);
          const { status, json } = render(reply, body);
          if (!reply.delayMs) return send(res, status, json);
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!res.destroyed) send(res, status, json);
          }, reply.delayMs);
          timers.add(timer);
          return;
        }
        send(res, 404, {
          error: { message: `Unknown stub path ${req.method} ${path}`, type: 'invalid_request_error' },
        });
      } catch (error) {
        send(res, 400, { error: { message: (error as Error).message, type: 'invalid_request_error' } });
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://${host}:${port}/v1`,
    port,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// `npm run openai-stub`: the stub on its own, for a person trying the page.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.OPENAI_STUB_PORT ?? 4010);
  const stub = await startOpenAiStub({ port, host: process.env.OPENAI_STUB_HOST ?? '127.0.0.1' });
  console.log(
    [
      '',
      `  OpenAI-compatible stub: ${stub.baseUrl}`,
      `  Try the Research Assistant with it:  OPENAI_BASE_URL=${stub.baseUrl} OPENAI_API_KEY=stub npm start`,
      '  It asks for quotes of the symbols a question names, then answers from what the tools return.',
      '  Stop with Ctrl-C.',
      '',
    ].join('\n'),
  );
  const stop = () => void stub.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
