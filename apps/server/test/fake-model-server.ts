import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a model vendor on 127.0.0.1, for tests: it answers OpenAI Chat Completions
 * (`/v1/chat/completions`) and Anthropic Messages (`/v1/messages`) with canned content, or fails
 * the way real endpoints do. Never used outside tests.
 */

export type FakeMode = 'ok' | 'malformed' | 'error500' | 'error401' | 'hang';

export interface FakeModelServer {
  baseUrl: string;
  mode: FakeMode;
  /** Text the "model" writes in ok mode. */
  content: string;
  /** Answers for the next ok-mode requests, in order; `content` once they are used up. */
  script: string[];
  /** A mode for the first N requests, then `mode` (to test recovery after retries). */
  failFirst: { count: number; mode: FakeMode } | null;
  requests: { path: string; body: unknown }[];
  close(): Promise<void>;
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const state: Omit<FakeModelServer, 'baseUrl' | 'close'> = {
    mode: 'ok',
    content: '{}',
    script: [],
    failFirst: null,
    requests: [],
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      state.requests.push({ path: req.url ?? '', body });
      let mode = state.mode;
      if (state.failFirst && state.failFirst.count > 0) {
        state.failFirst.count--;
        mode = state.failFirst.mode;
      }
      if (mode === 'hang') return; // never answers; the client's timeout must fire
      if (mode === 'error401') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'invalid api key', type: 'invalid_request_error' } }));
        return;
      }
      if (mode === 'error500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'upstream exploded', type: 'server_error' } }));
        return;
      }
      const text =
        mode === 'malformed'
          ? 'Sure! Here is the JSON: {"sections": [ {"heading": "Summary", '
          : (state.script.shift() ?? state.content);
      const isAnthropic = (req.url ?? '').endsWith('/messages');
      const payload = isAnthropic
        ? {
            id: 'msg_fake',
            type: 'message',
            role: 'assistant',
            model: 'fake-model',
            content: [{ type: 'text', text }],
            stop_reason: 'end_turn',
            stop_sequence: null,
            usage: { input_tokens: 10, output_tokens: 20 },
          }
        : {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: 1_700_000_000,
            model: 'fake-model',
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
          };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = state as FakeModelServer;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
