// Writes tests/corpus/adk2: ADK 2.x event streams and sessions made by ADK JS
// 2.0.0 itself (Runner, LlmAgent, Workflow engine, context compactors,
// InMemorySessionService, DatabaseSessionService, the adk-devtools API
// server).  Only the Gemini HTTP answers are scripted (harness.mjs); clocks
// and ids are seeded, so two runs write the same bytes.
//
//   node generate.mjs OUTDIR
//
// See README.md beside this file for how to install and run it.
import * as H from './harness.mjs';

import {mkdirSync, rmSync, writeFileSync, readFileSync, existsSync} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

process.env.GOOGLE_GENAI_USE_VERTEXAI = '';
process.env.GOOGLE_GENAI_USE_ENTERPRISE = '';

const adk = await import('@google/adk');
const {
  Runner, LlmAgent, Gemini, InMemorySessionService, InMemoryArtifactService,
  DatabaseSessionService, FunctionTool, TokenBasedContextCompactor,
  AgentControlledContextCompactor, LlmSummarizer, Workflow, FunctionNode,
  RequestInput, createEvent, isFinalResponse, StreamingMode, setLogLevel,
  LogLevel, version, ConsolidateContextTool,
} = adk;
// ADK's own history builder and compaction window, which the package does not
// export by name: load the very modules its LlmAgent uses.
const adkEsm = path.dirname(fileURLToPath(import.meta.resolve('@google/adk')));
const {getContents} = await import(
  pathToFileURL(path.join(adkEsm, 'agents/processors/content_processor_utils.js')).href);
const {getActiveEvents} = await import(
  pathToFileURL(path.join(adkEsm, 'context/compaction_utils.js')).href);

setLogLevel(LogLevel.ERROR);

const out = path.resolve(process.argv[2] ?? '.');
mkdirSync(out, {recursive: true});

const APP = 'adkev_adk2';
const USER = 'user-42';
const WRITER = `@google/adk ${version ?? '2.0.0'} (ADK JS)`;
const DAY = Date.UTC(2026, 0, 5, 9, 0, 0); // 2026-01-05T09:00:00Z

function line(obj) {
  return JSON.stringify(obj);
}
function writeLines(name, objs) {
  writeFileSync(path.join(out, name), objs.map((o) => line(o) + '\n').join(''));
}
function writeJson(name, obj) {
  writeFileSync(path.join(out, name), JSON.stringify(obj, null, 2) + '\n');
}
function model() {
  return new Gemini({model: 'gemini-2.5-flash', apiKey: 'scripted-test-key'});
}
function text(t) {
  return {role: 'user', parts: [{text: t}]};
}

/** Runs user turns through runner.runAsync and returns what it yielded. */
async function runTurns(runner, sessionId, turns) {
  const yielded = [];
  for (const turn of turns) {
    H.advance(turn.thinkMs ?? 15000);
    const controller = new AbortController();
    let seen = 0;
    for await (const event of runner.runAsync({
      userId: USER,
      sessionId,
      newMessage: turn.message ?? text(turn.text),
      stateDelta: turn.stateDelta,
      runConfig: turn.runConfig,
      abortSignal: controller.signal,
    })) {
      yielded.push(JSON.parse(JSON.stringify(event)));
      seen++;
      if (turn.abortAfter && seen >= turn.abortAfter) controller.abort();
    }
  }
  return yielded;
}

const initialStates = {};
async function newSession(service, id, state) {
  initialStates[id] = state;
  return service.createSession({appName: APP, userId: USER, sessionId: id, state});
}

function modelCalls() {
  return H.requests.map((r, i) => ({
    call: i + 1,
    method: r.method,
    // What ADK put in front of the model: the request's contents.
    contents: r.body?.contents ?? [],
    systemInstruction: r.body?.systemInstruction?.parts?.map((p) => p.text).join('') ?? null,
  }));
}

const dbSessions = []; // [{name, session}] loaded into adk2.db at the end

// -----------------------------------------------------------------------------
// compaction_token: LlmAgent with TokenBasedContextCompactor + LlmSummarizer.
// -----------------------------------------------------------------------------
async function compactionToken() {
  const name = 'compaction_token';
  H.reseed(0xc0a1);
  H.setClock(DAY);
  H.resetResponseCounter();
  const saveNote = new FunctionTool({
    name: 'save_note',
    description: 'Saves a garden note.',
    parameters: {
      type: 'OBJECT',
      properties: {title: {type: 'STRING'}, text: {type: 'STRING'}},
      required: ['title', 'text'],
    },
    execute: async ({title, text: body}, toolContext) => {
      const n = (toolContext.state.get('note_count') ?? 0) + 1;
      toolContext.state.set('note_count', n);
      toolContext.state.set('last_note', title);
      return {saved: true, title, chars: body.length};
    },
  });
  const agent = new LlmAgent({
    name: 'garden_planner',
    model: model(),
    instruction: 'You help plan a vegetable garden. Keep answers short.',
    tools: [saveNote],
    contextCompactors: [
      new TokenBasedContextCompactor({
        tokenThreshold: 200,
        eventRetentionSize: 3,
        summarizer: new LlmSummarizer({llm: model()}),
      }),
    ],
  });
  const sessions = new InMemorySessionService();
  const runner = new Runner({appName: APP, agent, sessionService: sessions});
  const sid = 'sess-compaction-token';
  await newSession(sessions, sid, {garden: 'backyard'});
  H.script([
    // turn 1
    {json: H.answer([{text: 'Tomatoes and basil grow well together. Where will the bed be?'}], [61, 15])},
    // turn 2: tool call, then answer
    {json: H.answer([{functionCall: {name: 'save_note', args: {title: 'watering', text: 'Water tomatoes every morning.'}}}], [150, 12])},
    {json: H.answer([{text: 'Saved your watering note.'}], [240, 6])},
    // turn 3: compaction first (summarizer call), then the answer
    {json: H.answer([{text: 'The user plans a backyard garden with tomatoes and basil and saved a note to water the tomatoes every morning.'}], [90, 25])},
    {json: H.answer([{text: 'Noted: basil in partial shade.'}], [230, 8])},
    // turn 4: compaction again, now over the first summary, then the answer
    {json: H.answer([{text: 'Backyard garden: tomatoes (watered every morning, note saved) and basil (partial shade).'}], [110, 22])},
    {json: H.answer([{text: 'So far: tomatoes watered each morning, basil in partial shade, one note saved.'}], [120, 18])},
    // turn 5: under the threshold, no compaction
    {json: H.answer([{text: 'Marigolds keep pests away; plant them at the edges.'}], [140, 13])},
  ]);
  const yielded = await runTurns(runner, sid, [
    {text: 'I am planning a garden with tomatoes and basil.'},
    {text: 'Save a note: water the tomatoes every morning.'},
    {text: 'Also remember the basil needs partial shade.'},
    {text: 'What have we planned so far?'},
    {text: 'Anything to keep pests away?'},
  ]);
  if (H.pendingReplies()) throw new Error(`${name}: ${H.pendingReplies()} replies unused`);
  const session = await sessions.getSession({appName: APP, userId: USER, sessionId: sid});
  writeLines(`${name}.jsonl`, yielded);
  writeFileSync(path.join(out, `${name}.session.json`), line(session) + '\n');
  const active = getActiveEvents(session.events);
  writeJson(`${name}.expected.json`, {
    writer: WRITER,
    computedBy: 'gen/generate.mjs: ADK JS getSession() after the last turn, then its own getActiveEvents() and getContents() (the functions its LlmAgent request processors call)',
    finalState: session.state,
    compactedEventIds: session.events.filter((e) => e.isCompacted).map((e) => e.id),
    activeEventIds: active.map((e) => e.id),
    history: getContents(active, agent.name, undefined, undefined),
    modelCalls: modelCalls(),
  });
  dbSessions.push({name, session});
}

// -----------------------------------------------------------------------------
// compaction_agent: the model calls consolidate_context; the
// AgentControlledContextCompactor summarises everything before that call.
// -----------------------------------------------------------------------------
async function compactionAgent() {
  const name = 'compaction_agent';
  H.reseed(0xc0a2);
  H.setClock(DAY + 3600e3);
  H.resetResponseCounter();
  const agent = new LlmAgent({
    name: 'research_helper',
    model: model(),
    instruction: 'Help the user compare bike routes. Consolidate context when a subtask is done.',
    tools: [new ConsolidateContextTool()],
    contextCompactors: [
      new AgentControlledContextCompactor({summarizer: new LlmSummarizer({llm: model()})}),
    ],
  });
  const sessions = new InMemorySessionService();
  const runner = new Runner({appName: APP, agent, sessionService: sessions});
  const sid = 'sess-compaction-agent';
  await newSession(sessions, sid, {});
  H.script([
    {json: H.answer([{text: 'The river route is 18 km and flat; the hill route is 14 km with 300 m of climbing.'}], [80, 24])},
    {json: H.answer([{text: 'Take the river route: flat and only 4 km longer.'}], [120, 12])},
    {json: H.answer([{functionCall: {name: 'consolidate_context', args: {detail: 'Route chosen: river route.'}}}], [150, 9])},
    // the compactor's summarizer call, made before the next model call
    {json: H.answer([{text: 'User compared two bike routes and chose the flat 18 km river route.'}], [95, 17])},
    {json: H.answer([{text: 'Done. I kept a summary: you chose the river route.'}], [70, 12])},
    {json: H.answer([{text: 'Leave at 8:00 to arrive by 9:15 at an easy pace.'}], [60, 15])},
  ]);
  const yielded = await runTurns(runner, sid, [
    {text: 'Compare the river and the hill bike routes to the office.'},
    {text: 'Which one should I take?'},
    {text: 'Good, that settles it. Tidy up the context.'},
    {text: 'When should I leave to be there by 9:15?'},
  ]);
  if (H.pendingReplies()) throw new Error(`${name}: ${H.pendingReplies()} replies unused`);
  const session = await sessions.getSession({appName: APP, userId: USER, sessionId: sid});
  writeLines(`${name}.jsonl`, yielded);
  writeFileSync(path.join(out, `${name}.session.json`), line(session) + '\n');
  const active = getActiveEvents(session.events);
  writeJson(`${name}.expected.json`, {
    writer: WRITER,
    computedBy: 'gen/generate.mjs: ADK JS getSession() after the last turn, then its own getActiveEvents() and getContents()',
    finalState: session.state,
    compactedEventIds: session.events.filter((e) => e.isCompacted).map((e) => e.id),
    activeEventIds: active.map((e) => e.id),
    history: getContents(active, agent.name, undefined, undefined),
    isFinalResponse: yielded.map((e) => ({id: e.id, author: e.author, isFinalResponse: isFinalResponse(e)})),
    modelCalls: modelCalls(),
  });
  dbSessions.push({name, session});
}

function textOf(input) {
  if (typeof input === 'string') return input;
  return (input?.parts ?? []).map((p) => p.text ?? '').join('');
}

// -----------------------------------------------------------------------------
// workflow_route: a Workflow as the runner's root: a function node routes to an
// LlmAgent node or to a function node, then a last node records the outcome.
// -----------------------------------------------------------------------------
async function workflowRoute() {
  const name = 'workflow_route';
  H.reseed(0xf10e);
  H.setClock(DAY + 2 * 3600e3);
  H.resetResponseCounter();
  const classify = new FunctionNode('classify', (ctx, input) => {
    const t = textOf(input).trim();
    const kind = t.endsWith('?') ? 'question' : 'statement';
    ctx.state.set('last_kind', kind);
    return createEvent({route: kind, output: {kind, text: t}});
  });
  const answerer = new LlmAgent({
    name: 'answerer',
    model: model(),
    instruction: 'Answer gardening questions in one sentence.',
  });
  const acknowledge = new FunctionNode('acknowledge', (ctx, input) => `Noted: ${input.text}`);
  const record = new FunctionNode('record', (ctx, input) => {
    const handled = (ctx.state.get('handled') ?? 0) + 1;
    ctx.state.set('handled', handled);
    return {handled, lastOutput: input};
  });
  const workflow = new Workflow({
    name: 'triage',
    edges: [
      ['START', classify, {question: answerer, statement: acknowledge}],
      [answerer, record],
      [acknowledge, record],
    ],
  });
  const sessions = new InMemorySessionService();
  const runner = new Runner({appName: APP, agent: workflow, sessionService: sessions});
  const sid = 'sess-workflow-route';
  await newSession(sessions, sid, {});
  H.script([
    {json: H.answer([{text: 'Choose a compact determinate variety such as Tiny Tim.'}], [40, 14])},
  ]);
  const yielded = await runTurns(runner, sid, [
    {text: 'Which tomato variety suits a balcony pot?'},
    {text: 'I watered the basil today.'},
  ]);
  if (H.pendingReplies()) throw new Error(`${name}: ${H.pendingReplies()} replies unused`);
  const session = await sessions.getSession({appName: APP, userId: USER, sessionId: sid});
  writeLines(`${name}.jsonl`, yielded);
  writeFileSync(path.join(out, `${name}.session.json`), line(session) + '\n');
  writeJson(`${name}.expected.json`, {
    writer: WRITER,
    computedBy: 'gen/generate.mjs: ADK JS isFinalResponse() of every yielded event, getSession() state',
    finalState: session.state,
    isFinalResponse: yielded.map((e) => ({
      id: e.id, author: e.author, nodePath: e.nodeInfo?.path ?? null,
      hasOutput: e.output !== undefined, isFinalResponse: isFinalResponse(e),
    })),
    modelCalls: modelCalls(),
  });
  dbSessions.push({name, session});
}

// -----------------------------------------------------------------------------
// request_input: a workflow node asks the user (adk_request_input), the run
// pauses; the next user message answers the interrupt and the run resumes.
// -----------------------------------------------------------------------------
async function requestInput() {
  const name = 'request_input';
  H.reseed(0x1e9b);
  H.setClock(DAY + 3 * 3600e3);
  H.resetResponseCounter();
  const INTERRUPT = 'approve-refund-A-1001';
  const lookup = new FunctionNode('lookup_order', (ctx, input) => {
    ctx.state.set('order_id', 'A-1001');
    return {orderId: 'A-1001', amount: 129.5, currency: 'EUR', request: textOf(input)};
  });
  const approve = new FunctionNode('approve', async function* (ctx, input) {
    const reply = ctx.resumeInputs[INTERRUPT];
    if (reply === undefined) {
      yield new RequestInput({
        interruptId: INTERRUPT,
        message: `Refund ${input.amount} ${input.currency} for order ${input.orderId}?`,
        payload: {orderId: input.orderId, amount: input.amount},
      });
      return;
    }
    ctx.state.set('refund_approved', reply.approved === true);
    yield {orderId: input.orderId, approved: reply.approved === true};
  }, {rerunOnResume: true});
  const settle = new FunctionNode('settle', (ctx, input) =>
    input.approved ? `Refund for ${input.orderId} issued.` : `Refund for ${input.orderId} declined.`);
  const workflow = new Workflow({name: 'refunds', edges: [['START', lookup, approve, settle]]});
  const sessions = new InMemorySessionService();
  const runner = new Runner({appName: APP, agent: workflow, sessionService: sessions});
  const sid = 'sess-request-input';
  await newSession(sessions, sid, {});
  H.script([]);
  const yielded = await runTurns(runner, sid, [
    {text: 'Please refund order A-1001.'},
    {
      thinkMs: 42000,
      message: {role: 'user', parts: [{functionResponse: {id: INTERRUPT, name: 'adk_request_input', response: {approved: true}}}]},
    },
  ]);
  const session = await sessions.getSession({appName: APP, userId: USER, sessionId: sid});
  writeLines(`${name}.jsonl`, yielded);
  writeFileSync(path.join(out, `${name}.session.json`), line(session) + '\n');
  writeJson(`${name}.expected.json`, {
    writer: WRITER,
    computedBy: 'gen/generate.mjs: ADK JS isFinalResponse() of every yielded event, getSession() state',
    finalState: session.state,
    isFinalResponse: yielded.map((e) => ({
      id: e.id, author: e.author, nodePath: e.nodeInfo?.path ?? null,
      hasOutput: e.output !== undefined, isFinalResponse: isFinalResponse(e),
    })),
  });
  dbSessions.push({name, session});
}

// -----------------------------------------------------------------------------
// The ADK JS dev API server (@google/adk-devtools AdkApiServer): /run_sse over
// loopback HTTP, progressive SSE on; one complete capture and one cut off by
// the client disconnecting.
// -----------------------------------------------------------------------------
function post(port, pathName, body, {stopAfterBlocks} = {}) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, path: pathName, method: 'POST',
      headers: {'content-type': 'application/json', 'content-length': Buffer.byteLength(data)},
    }, (res) => {
      const chunks = [];
      let blocks = 0;
      res.on('data', (c) => {
        chunks.push(c);
        blocks = Buffer.concat(chunks).toString('utf8').split('\n\n').length - 1;
        if (stopAfterBlocks && blocks >= stopAfterBlocks) {
          // Keep exactly the first N blocks, as a client that hung up then
          // would have them.
          const textSoFar = Buffer.concat(chunks).toString('utf8');
          const kept = textSoFar.split('\n\n').slice(0, stopAfterBlocks).join('\n\n') + '\n\n';
          req.destroy();
          resolve({status: res.statusCode, headers: res.headers, body: kept, cut: true});
        }
      });
      res.on('end', () => resolve({status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), cut: false}));
      res.on('error', () => {});
    });
    req.on('error', (e) => { if (!stopAfterBlocks) reject(e); });
    req.end(data);
  });
}

async function devServer() {
  process.env.ADK_ENABLE_PROGRESSIVE_SSE_STREAMING = 'true';
  const {AdkApiServer} = await import('@google/adk-devtools');
  const forecast = new FunctionTool({
    name: 'get_forecast',
    description: 'Weather forecast for a city.',
    parameters: {
      type: 'OBJECT',
      properties: {city: {type: 'STRING'}, days: {type: 'INTEGER'}},
      required: ['city', 'days'],
    },
    execute: async ({city, days}) => ({
      city,
      days: [{date: '2026-01-06', high_c: 17, condition: 'Sunny'}, {date: '2026-01-07', high_c: 15, condition: 'Showers'}].slice(0, days),
    }),
  });
  const agent = new LlmAgent({
    name: 'trip_helper',
    model: model(),
    instruction: 'Help plan short trips. Use get_forecast for weather.',
    tools: [forecast],
  });
  const sessions = new InMemorySessionService();
  const loader = {
    listAgents: async () => [APP],
    listApps: async () => [],
    listLoadFailures: async () => [],
    getAgentFile: async () => ({
      load: async () => agent,
      loadAgent: async () => agent,
      getFilePath: () => 'scripted',
      dispose: async () => {},
      [Symbol.asyncDispose]: async () => {},
    }),
  };
  const server = new AdkApiServer({
    host: '127.0.0.1', port: 0, sessionService: sessions, agentLoader: loader,
    logLevel: LogLevel.ERROR, serveDebugUI: false,
  });
  const log = console.log;
  console.log = () => {};
  await server.start();
  console.log = log;
  const port = server.server.address().port;

  // One /run_sse request through the real server, recorded as NAME.sse (the
  // bytes on the wire), NAME.jsonl (the `data:` payloads), the session after
  // it, and what ADK says about each event.
  async function capture(name, {seed, at, sid, question, replies, stopAfterBlocks}) {
    H.reseed(seed);
    H.setClock(at);
    H.resetResponseCounter();
    await newSession(sessions, sid, {});
    H.script(replies);
    H.advance(15000);
    const res = await post(port, '/run_sse', {
      appName: APP, userId: USER, sessionId: sid, streaming: true,
      newMessage: text(question),
    }, {stopAfterBlocks});
    if (stopAfterBlocks) {
      // Wait until the server has seen the disconnect and the run stopped.
      for (let i = 0; i < 100 && H.heldStreams() > 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    if (H.pendingReplies()) throw new Error(`${name}: ${H.pendingReplies()} replies unused`);
    writeFileSync(path.join(out, `${name}.sse`), res.body);
    const blocks = res.body.split('\n\n').filter((b) => b.startsWith('data: ')).map((b) => JSON.parse(b.slice(6)));
    const events = blocks.filter((b) => b.id !== undefined);
    writeLines(`${name}.jsonl`, events);
    const session = await sessions.getSession({appName: APP, userId: USER, sessionId: sid});
    writeFileSync(path.join(out, `${name}.session.json`), line(session) + '\n');
    writeJson(`${name}.expected.json`, {
      writer: `${WRITER} with @google/adk-devtools 2.0.0 AdkApiServer /run_sse, ADK_ENABLE_PROGRESSIVE_SSE_STREAMING=true`,
      computedBy: 'gen/generate.mjs: ADK JS isFinalResponse() of every streamed event; getSession() after the run',
      clientDisconnectedAfterBlocks: stopAfterBlocks ?? null,
      nonEventBlocks: blocks.filter((b) => b.id === undefined),
      isFinalResponse: events.map((e) => ({id: e.id, partial: e.partial ?? false, isFinalResponse: isFinalResponse(e)})),
      storedEventIds: session.events.map((e) => e.id),
      finalState: session.state,
      modelCalls: modelCalls(),
    });
    dbSessions.push({name, session});
  }

  // progressive_sse: a tool call in one chunk, then a streamed answer.
  await capture('progressive_sse', {
    seed: 0x55e1, at: DAY + 4 * 3600e3, sid: 'sess-progressive-sse',
    question: 'What is the weather in Lisbon for the next two days?',
    replies: [
      {sse: [
        H.answer([{text: 'Let me check the forecast.'}], null, {noFinish: true}),
        H.answer([{functionCall: {name: 'get_forecast', args: {city: 'Lisbon', days: 2}}}], [88, 21]),
      ]},
      {sse: [
        H.answer([{text: 'Lisbon: sunny and 17 °C tomorrow, '}], null, {noFinish: true}),
        H.answer([{text: 'showers and 15 °C the day after.'}], [160, 19]),
      ]},
    ],
  });

  // progressive_sse_fc_args: the model streams the call's arguments
  // (partialArgs / willContinue), as ADK JS's ProgressiveStrategy reads them.
  await capture('progressive_sse_fc_args', {
    seed: 0x55e2, at: DAY + 4.5 * 3600e3, sid: 'sess-progressive-sse-fc-args',
    question: 'And the weather in Lisbon for the next two days?',
    replies: [
      {sse: [
        H.answer([{text: 'Checking.'}], null, {noFinish: true}),
        H.answer([{functionCall: {name: 'get_forecast', willContinue: true}}], null, {noFinish: true}),
        H.answer([{functionCall: {partialArgs: [{jsonPath: '$.city', stringValue: 'Lis'}], willContinue: true}}], null, {noFinish: true}),
        H.answer([{functionCall: {partialArgs: [{jsonPath: '$.city', stringValue: 'bon'}], willContinue: true}}], null, {noFinish: true}),
        H.answer([{functionCall: {partialArgs: [{jsonPath: '$.days', numberValue: 2}], willContinue: true}}], null, {noFinish: true}),
        H.answer([{functionCall: {}}], [88, 21]),
      ]},
    ],
  });

  // sse_disconnect: the client hangs up after two partial text events (six
  // `data:` blocks); the server
  // aborts the run (req 'close' -> AbortController).
  await capture('sse_disconnect', {
    seed: 0xd15c, at: DAY + 5 * 3600e3, sid: 'sess-sse-disconnect',
    question: 'Weather in Porto tomorrow?',
    stopAfterBlocks: 6,
    replies: [
      {sse: [
        H.answer([{functionCall: {name: 'get_forecast', args: {city: 'Porto', days: 1}}}], [70, 10]),
      ]},
      {sse: [
        H.answer([{text: 'Porto tomorrow: '}], null, {noFinish: true}),
        H.answer([{text: 'sunny, '}], null, {noFinish: true}),
        H.answer([{text: '17 °C, light wind from the north-west, '}], null, {noFinish: true}),
        H.answer([{text: 'so a light jacket is enough.'}], [120, 22]),
      ], holdAfter: 2},
    ],
  });
  await new Promise((r) => server.server.close(r));
  delete process.env.ADK_ENABLE_PROGRESSIVE_SSE_STREAMING;
}

// -----------------------------------------------------------------------------
// adk2.db: every session above, written through ADK JS's DatabaseSessionService
// (SQLite): created with its id and initial state, then each stored event
// appended with the service's appendEvent; and what getSession reads back.
// -----------------------------------------------------------------------------
async function database() {
  const file = path.join(out, 'adk2.db');
  rmSync(file, {force: true});
  H.reseed(0xdb02);
  H.freeze(true);
  let at = DAY + 6 * 3600e3;
  H.setClock(at);
  const service = new DatabaseSessionService(`sqlite://${file}`);
  const readback = {};
  for (const {name, session} of dbSessions) {
    const initial = JSON.parse(JSON.stringify(initialStates[session.id] ?? {}));
    H.setClock(at += 1000);
    const created = await service.createSession({appName: APP, userId: USER, sessionId: session.id, state: initial});
    for (const event of session.events) {
      H.setClock(at += 1000);
      await service.appendEvent({session: created, event: JSON.parse(JSON.stringify(event))});
    }
    readback[name] = await service.getSession({appName: APP, userId: USER, sessionId: session.id});
  }
  H.freeze(false);
  writeFileSync(path.join(out, 'adk2.readback.json'),
    Object.entries(readback).map(([n, s]) => line({scenario: n, session: s}) + '\n').join(''));
}

const scenarios = {compactionToken, compactionAgent, workflowRoute, requestInput, devServer, database};
const only = process.argv.slice(3);
for (const [key, fn] of Object.entries(scenarios)) {
  if (only.length && !only.includes(key)) continue;
  await fn();
  console.error(`wrote ${key}`);
}
process.exit(0);
