'use strict';
// adkev to-otlp's output against the OTLP protobuf schema, and the trace tree against the
// run (tests/otlp/run.sh says how it is called):
//
//   node check.js ROOT_JS [INPUT OTLP TRAJECTORY]...
//
// ROOT_JS is the generated protobufjs root @opentelemetry/otlp-transformer ships.  Each
// line of OTLP (adkev to-otlp of INPUT) is an ExportTraceServiceRequest in OTLP/JSON: its
// ids hex-decoded to 16 and 8 bytes and its 64-bit integers (strings) made Longs, it must
// pass the message's verify(), and encoded and decoded again it must keep every member it
// had (a misspelt member would be dropped).  Then the tree: every parent in its line, span
// ids unique, one execute_tool per tool call TRAJECTORY (adkev trajectory of INPUT) lists,
// each call id once, one generate_content per model call of INPUT (counted here, from the
// events, by the rule adkev-to-otlp(1) states), and the tokens of the generate_content
// spans adding up to TRAJECTORY's token_usage.  Prints one line per problem, and a summary;
// exits 1 when there is a problem.
const fs = require('fs');

const [rootPath, ...files] = process.argv.slice(2);
const root = require(rootPath);
const Long = require(require.resolve('long', {paths: [require('path').dirname(rootPath)]}));
const Request = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
let problems = 0;
function problem(where, what) {
	problems++;
	console.log(`${where}: ${what}`);
}

// A member of an ADK object under either spelling.
function get(o, name) {
	const snake = name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
	return o == null ? undefined : o[name] ?? o[snake] ?? undefined;
}

// The events of an input: JSONL, an array, a session (its events), one per line or whole.
function events(path) {
	const text = fs.readFileSync(path, 'utf8');
	let values;
	try {
		values = [JSON.parse(text)];
	} catch {
		values = text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
	}
	return values.flatMap((v) => (Array.isArray(v) ? v : Array.isArray(v.events) ? v.events : [v]));
}

// Model calls, as adkev-to-otlp(1) states the rule: a non-partial event of an agent whose
// content is the model's, or that has usage or an error; an event repeating the usage of
// the model call before it (same author and invocation) continues that call.  A compaction
// summary (ADK JS's isCompacted, ADK Python's actions.compaction) is never a model call.
function modelCalls(evs) {
	const last = new Map();
	let calls = 0;
	for (const e of evs) {
		const author = get(e, 'author');
		if (get(e, 'partial') === true || !author || author === 'user') continue;
		if (get(e, 'isCompacted') === true || get(get(e, 'actions'), 'compaction') != null) continue;
		const usage = get(e, 'usageMetadata');
		const isCall = get(get(e, 'content'), 'role') === 'model' || usage != null ||
			get(e, 'errorCode') != null || get(e, 'errorMessage') != null;
		if (!isCall) continue;
		const key = JSON.stringify([get(e, 'invocationId'), author]);
		const seen = usage != null ? JSON.stringify(sorted(camel(usage))) : null;
		if (seen && last.get(key) === seen) continue;
		if (seen) last.set(key, seen);
		calls++;
	}
	return calls;
}
// A usage object in one spelling with its keys in order, to compare two of them.
function camel(v) {
	if (Array.isArray(v)) return v.map(camel);
	if (!v || typeof v !== 'object') return v;
	return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), camel(x)]));
}
function sorted(v) {
	if (Array.isArray(v)) return v.map(sorted);
	if (!v || typeof v !== 'object') return v;
	return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]));
}

// The JSON made ready for the generated code: hex ids to bytes, 64-bit strings to Longs.
function forProtobuf(v, key, where) {
	if (Array.isArray(v)) return v.map((x) => forProtobuf(x, null, where));
	if (v && typeof v === 'object')
		return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, forProtobuf(x, k, where)]));
	const bytes = {traceId: 16, spanId: 8, parentSpanId: 8}[key];
	if (bytes) {
		if (typeof v !== 'string' || !new RegExp(`^[0-9a-f]{${bytes * 2}}$`).test(v))
			problem(where, `${key} ${JSON.stringify(v)} is not ${bytes * 2} hex digits`);
		return Buffer.from(String(v), 'hex');
	}
	if (/UnixNano$|^intValue$/.test(key)) {
		if (typeof v !== 'string' || !/^-?[0-9]+$/.test(v)) problem(where, `${key} ${JSON.stringify(v)} is not an integer in a string`);
		return Long.fromString(String(v), key !== 'intValue');
	}
	return v;
}

// Whether every member of ours that is not a default survived the round trip in theirs.
function kept(ours, theirs, path, where) {
	if (ours === 0 || ours === '' || ours === '0' || ours === false) return;
	if (Array.isArray(ours)) {
		if (ours.length === 0) return;
		if (!Array.isArray(theirs) || theirs.length !== ours.length) return problem(where, `${path}: lost`);
		return ours.forEach((x, i) => kept(x, theirs[i], `${path}[${i}]`, where));
	}
	if (ours && typeof ours === 'object') {
		for (const [k, x] of Object.entries(ours)) kept(x, theirs == null ? undefined : theirs[k], `${path}.${k}`, where);
		return;
	}
	const same = typeof ours === 'string' && /^[0-9a-f]+$/.test(ours) && theirs instanceof Uint8Array
		? Buffer.from(theirs).toString('hex') === ours
		: String(theirs) === String(ours);
	if (!same) problem(where, `${path}: ${JSON.stringify(ours)} came back as ${JSON.stringify(theirs)}`);
}

function decodeLine(line, where) {
	const json = JSON.parse(line);
	const message = forProtobuf(json, null, where);
	const err = Request.verify(message);
	if (err) problem(where, `not an ExportTraceServiceRequest: ${err}`);
	const back = Request.toObject(Request.decode(Request.encode(Request.fromObject(message)).finish()),
		{longs: String, enums: Number, bytes: Array});
	const hexed = JSON.parse(JSON.stringify(back, (k, v) =>
		Array.isArray(v) && /Id$/.test(k) ? Buffer.from(v).toString('hex') : v));
	kept(json, hexed, '$', where);
	return json;
}

function attr(span, key) {
	const a = (span.attributes || []).find((x) => x.key === key);
	return a && a.value;
}

function checkRun(input, otlpPath, trajectoryPath) {
	const where = otlpPath.replace(/.*\//, '');
	const spans = [];
	for (const [i, line] of fs.readFileSync(otlpPath, 'utf8').split('\n').filter(Boolean).entries()) {
		const json = decodeLine(line, `${where}:${i + 1}`);
		const lineSpans = json.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
		const ids = new Set(lineSpans.map((s) => s.spanId));
		if (ids.size !== lineSpans.length) problem(`${where}:${i + 1}`, 'a span id twice');
		for (const s of lineSpans)
			if (s.parentSpanId && !ids.has(s.parentSpanId)) problem(`${where}:${i + 1}`, `${s.name}: parent ${s.parentSpanId} not in the trace`);
		spans.push(...lineSpans);
	}
	const trajectory = JSON.parse(fs.readFileSync(trajectoryPath, 'utf8'));
	const tools = spans.filter((s) => s.name.startsWith('execute_tool'));
	if (tools.length !== trajectory.tool_calls.length)
		problem(where, `${tools.length} execute_tool spans, ${trajectory.tool_calls.length} tool calls`);
	for (const call of trajectory.tool_calls.filter((c) => c.id)) {
		const n = tools.filter((s) => attr(s, 'gen_ai.tool.call.id')?.stringValue === call.id).length;
		if (n !== 1) problem(where, `tool call ${call.id}: ${n} spans`);
	}
	const models = spans.filter((s) => s.name.startsWith('generate_content'));
	const calls = modelCalls(events(input));
	if (models.length !== calls) problem(where, `${models.length} generate_content spans, ${calls} model calls`);
	const sum = (key) => models.reduce((n, s) => n + Number(attr(s, key)?.intValue ?? 0), 0);
	const usage = trajectory.token_usage || {input_tokens: 0, output_tokens: 0};
	for (const [key, theirs] of [['gen_ai.usage.input_tokens', usage.input_tokens], ['gen_ai.usage.output_tokens', usage.output_tokens]])
		if (sum(key) !== theirs) problem(where, `${key}: ${sum(key)}, trajectory says ${theirs}`);
	return {spans: spans.length, tools: tools.length, models: models.length, tokens: sum('gen_ai.usage.input_tokens') + sum('gen_ai.usage.output_tokens')};
}

const total = {runs: 0, spans: 0, tools: 0, models: 0, tokens: 0};
for (let i = 0; i + 2 < files.length; i += 3) {
	const r = checkRun(files[i], files[i + 1], files[i + 2]);
	total.runs++;
	for (const k of ['spans', 'tools', 'models', 'tokens']) total[k] += r[k];
}
console.log(`otlp: ${total.runs} runs, ${total.spans} spans (${total.models} generate_content, ${total.tools} execute_tool, ${total.tokens} tokens) decoded as ExportTraceServiceRequest; ${problems} problems`);
process.exit(problems ? 1 : 0);
