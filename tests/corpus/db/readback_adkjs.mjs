// Reads sessions back through ADK JS's own DatabaseSessionService, as an ADK
// JS agent gets them: getSession() of each recorded session's id.
//
//   node readback_adkjs.mjs URL APP USER OUTDIR SESSION.json...
//
// writes OUTDIR/NAME.session.json for each SESSION.json (its basename): the
// session object ADK returns, on one line, as JSON.stringify writes it.  On
// PostgreSQL the events come back from JSONB, whose objects keep their keys
// in PostgreSQL's order, not the writer's: this is the file to compare a
// reader of the same server with.  Run it where load_adkjs.mjs runs.
import {readFileSync, writeFileSync} from 'node:fs';
import {basename, join} from 'node:path';
import {DatabaseSessionService} from '@google/adk';

const [url, appName, userId, outdir, ...files] = process.argv.slice(2);
if (!outdir || !files.length) {
  console.error('usage: node readback_adkjs.mjs URL APP USER OUTDIR SESSION.json...');
  process.exit(2);
}
const service = new DatabaseSessionService(url);
for (const file of files) {
  const sessionId = JSON.parse(readFileSync(file, 'utf8')).id;
  const session = await service.getSession({appName, userId, sessionId});
  if (!session) {
    console.error(`${file}: session ${sessionId} is not in the database`);
    process.exit(1);
  }
  writeFileSync(join(outdir, basename(file)), JSON.stringify(session) + '\n');
}
process.exit(0);
