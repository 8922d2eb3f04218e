// Loads recorded ADK sessions into a session database through ADK JS's own
// DatabaseSessionService, the way a running ADK JS agent stores them.
//
//   node load_adkjs.mjs URL APP USER SESSION.json...
//
// URL is what DatabaseSessionService takes (postgresql://..., sqlite://...).
// Each session object's id is kept; the session is created empty under APP
// and USER, then each of its stored events is appended with the service's
// appendEvent, which applies the state deltas and writes event_data as ADK
// JS does.  Run it from a folder where npm installed @google/adk and the
// @mikro-orm driver of URL (tests/postgres/run.sh does), never in the tree.
import {readFileSync} from 'node:fs';
import {DatabaseSessionService} from '@google/adk';

const [url, appName, userId, ...files] = process.argv.slice(2);
if (!url || !files.length) {
  console.error('usage: node load_adkjs.mjs URL APP USER SESSION.json...');
  process.exit(2);
}
const service = new DatabaseSessionService(url);
for (const file of files) {
  const recorded = JSON.parse(readFileSync(file, 'utf8'));
  const session = await service.createSession({appName, userId, sessionId: recorded.id});
  for (const event of recorded.events) {
    await service.appendEvent({session, event});
  }
}
// The service keeps its connection pool open; the process ends when the
// sessions are in.
process.exit(0);
