// make_dumps.mjs - Vertex AI Agent Engine sessions.events.list dumps, written
// by ADK JS's own VertexAiSessionService (@google/adk 2.0.0) with its API
// client stubbed.  See README.md for how it is run.
//
// Each ADK JS corpus session (../adkjs/NAME.session.json) is replayed through
// VertexAiSessionService.appendEvent; what it sends to sessions.events.append
// is stored as the server would (name = .../events/<id>, every number of
// the protobuf Structs a double), and written as the sessionEvents response:
//   NAME.dump.json        one response, all events
//   NAME.pages.jsonl      the same split in two pages, one per line, the
//                         first with a nextPageToken
//   NAME.readback.jsonl   what ADK JS's getSession reads back from that
//                         response (its _fromApiEvent), one event per line
//   NAME.fields.json, NAME.fields.readback.jsonl
//                         the same where the server refused rawEvent (400),
//                         so ADK JS sent the structured fields only and
//                         the server named each event itself (ev-1, ...)
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';

const here = dirname(new URL(import.meta.url).pathname);
const require = createRequire(join(process.cwd(), 'x.js'));
const adkDir = dirname(require.resolve('@google/adk/package.json'));
const {VertexAiSessionService} = await import(join(adkDir, 'dist/esm/index.js'));
const {createSession} = await import(join(adkDir, 'dist/esm/sessions/session.js'));

const ENGINE = '1234567890';

// Python's json_format (the REST server) writes every Struct number as a
// double: 100 comes back as 100.0.
function asServer(value) {
	return JSON.stringify(value).replace(/("(?:[^"\\]|\\.)*")|(-?\d+)(?![.\deE])/g,
	                                     (m, str, int) => str ?? `${int}.0`);
}

function stubClient(stored, session, refuseRaw) {
	return {
		events: {
			append: async (params) => {
				if (refuseRaw && params.config.rawEvent)
					throw Object.assign(new Error('rawEvent refused'), {status: 400});
				const id = refuseRaw ? `ev-${stored.length + 1}` : params.config.rawEvent.id;
				stored.push({
					name: `projects/adkev/locations/us-central1/${params.name}/events/${id}`,
					author: params.author,
					invocationId: params.invocationId,
					timestamp: params.timestamp,
					...params.config,
				});
			},
			listInternal: async () => ({sessionEvents: JSON.parse(asServer(stored))}),
		},
		get: async () => ({userId: session.userId, sessionState: session.state,
		                   updateTime: new Date(session.lastUpdateTime).toISOString()}),
	};
}

async function replay(original, refuseRaw) {
	const stored = [];
	const client = stubClient(stored, original, refuseRaw);
	const service = new VertexAiSessionService({agentEngineId: ENGINE, sessions: client});
	const session = createSession({id: original.id, appName: original.appName, userId: original.userId,
	                               state: {}, events: [], lastUpdateTime: 0});
	for (const event of original.events)
		await service.appendEvent({session, event: structuredClone(event)});
	const back = await service.getSession({appName: original.appName, userId: original.userId,
	                                       sessionId: original.id});
	return {events: JSON.parse(asServer(stored)),
	        readback: back.events.map((e) => JSON.stringify(e)).join('\n') + '\n'};
}

for (const name of process.argv.slice(2)) {
	const original = JSON.parse(readFileSync(join(here, '..', 'adkjs', `${name}.session.json`), 'utf8'));
	const {events, readback} = await replay(original, false);
	writeFileSync(join(here, `${name}.dump.json`), asServer({sessionEvents: events}) + '\n');
	const half = Math.ceil(events.length / 2);
	writeFileSync(join(here, `${name}.pages.jsonl`),
	              asServer({sessionEvents: events.slice(0, half), nextPageToken: 'page-2'}) + '\n' +
	              asServer({sessionEvents: events.slice(half)}) + '\n');
	writeFileSync(join(here, `${name}.readback.jsonl`), readback);
	const fields = await replay(original, true);
	writeFileSync(join(here, `${name}.fields.json`), asServer({sessionEvents: fields.events}) + '\n');
	writeFileSync(join(here, `${name}.fields.readback.jsonl`), fields.readback);
}
