// Makes an ADK JS run reproducible: a fake clock, seeded ids and a scripted
// Gemini HTTP endpoint.  Import this module before @google/adk.
//
// Clock: every Date.now() and every new Date() without arguments returns the
// current fake time and then moves it on by 1 ms (unless frozen), so events get distinct,
// increasing timestamps; the Gemini mock moves it on by each answer's latency
// and a scenario moves it on between user turns.
//
// Ids: Math.random and crypto.randomUUID come from one seeded generator
// (mulberry32), reseeded at the start of every scenario, so a scenario's ids
// do not depend on which scenarios ran before it.
//
// Model: fetch() to generativelanguage.googleapis.com answers from a queue of
// scripted replies, as the real Gemini REST API does: JSON for
// :generateContent, `data: ...\r\n\r\n` server-sent events for
// :streamGenerateContent?alt=sse.  Every request body ADK sent is kept, so a
// scenario can record what the model was shown.  Any other URL goes to the
// real fetch (the loopback dev-server captures use it).

const RealDate = Date;
let clockMs = 0;
let step = 1;

class FakeDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) {
      super(tick());
    } else {
      super(...args);
    }
  }
  static now() {
    return tick();
  }
}
function tick() {
  const now = clockMs;
  clockMs += step;
  return now;
}
globalThis.Date = FakeDate;

export function setClock(ms) {
  clockMs = ms;
}
// Stops the clock from moving on its own (step 0): the database library reads
// the time a varying number of times (its connection pool's timers), so
// while it writes, only setClock moves the time.
export function freeze(frozen) {
  step = frozen ? 0 : 1;
}
export function advance(ms) {
  clockMs += ms;
}
export function peekClock() {
  return clockMs;
}

let state = 1;
function mulberry32() {
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
export function reseed(seed) {
  state = seed | 0;
}
Math.random = mulberry32;
globalThis.crypto.randomUUID = () => {
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Math.floor(mulberry32() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

// --- scripted Gemini ---------------------------------------------------------

const realFetch = globalThis.fetch;
let replies = [];
export const requests = [];

/**
 * Queues the model's next answers.  Each reply is
 *   {json: GenerateContentResponse, latencyMs}            for generateContent
 *   {sse: [GenerateContentResponse...], latencyMs, gapMs}  for streaming
 */
export function script(list) {
  replies = list.slice();
  requests.length = 0;
}
export function pendingReplies() {
  return replies.length;
}
let held = 0;
export function heldStreams() {
  return held;
}

globalThis.fetch = async (input, init = {}) => {
  const url = typeof input === 'string' ? input : input.url ?? String(input);
  if (!url.includes('generativelanguage.googleapis.com')) {
    return realFetch(input, init);
  }
  const reply = replies.shift();
  if (!reply) {
    throw new Error(`scripted model: no reply left for ${url}`);
  }
  const body = init.body ? JSON.parse(init.body) : undefined;
  const method = url.includes(':streamGenerateContent') ? 'streamGenerateContent' : 'generateContent';
  requests.push({method, model: url.replace(/^.*\/models\/([^:]+):.*$/, '$1'), body});
  advance(reply.latencyMs ?? 700);
  if (method === 'generateContent') {
    if (!reply.json) throw new Error('scripted model: a JSON reply was expected');
    return new Response(JSON.stringify(reply.json), {
      status: reply.status ?? 200,
      headers: {'content-type': 'application/json; charset=UTF-8'},
    });
  }
  if (!reply.sse) throw new Error('scripted model: an SSE reply was expected');
  const chunks = reply.sse.slice();
  const gap = reply.gapMs ?? 40;
  const signal = init.signal;
  const encoder = new TextEncoder();
  let sent = 0;
  const stream = new ReadableStream({
    async pull(controller) {
      if (signal?.aborted) {
        controller.error(signal.reason ?? new Error('aborted'));
        return;
      }
      if (reply.holdAfter !== undefined && sent >= reply.holdAfter) {
        // A model still thinking: nothing more comes until the request is
        // aborted (the client went away), so where the capture stops does not
        // depend on timing.
        held++;
        await new Promise((resolve) => {
          if (signal?.aborted) return resolve();
          signal?.addEventListener('abort', resolve, {once: true});
          setTimeout(resolve, 10000).unref();
        });
        held--;
        controller.error(signal?.reason ?? new Error('held stream timed out'));
        return;
      }
      sent++;
      const next = chunks.shift();
      if (next === undefined) {
        controller.close();
        return;
      }
      // Let the consumer run between chunks, as a network would.
      await new Promise((resolve) => setImmediate(resolve));
      advance(gap);
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(next)}\r\n\r\n`));
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {'content-type': 'text/event-stream'},
  });
};

// --- Gemini REST answers -----------------------------------------------------

let responseCounter = 0;
export function answer(parts, usage, extra = {}) {
  responseCounter++;
  const response = {
    candidates: [
      {
        content: {role: 'model', parts},
        finishReason: extra.finishReason ?? 'STOP',
        index: 0,
      },
    ],
    modelVersion: 'gemini-2.5-flash',
    responseId: `resp-${String(responseCounter).padStart(4, '0')}`,
  };
  if (extra.noFinish) delete response.candidates[0].finishReason;
  if (usage) {
    response.usageMetadata = {
      promptTokenCount: usage[0],
      candidatesTokenCount: usage[1],
      totalTokenCount: usage[0] + usage[1],
      promptTokensDetails: [{modality: 'TEXT', tokenCount: usage[0]}],
    };
  }
  return response;
}
export function resetResponseCounter() {
  responseCounter = 0;
}
