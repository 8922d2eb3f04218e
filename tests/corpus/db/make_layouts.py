#!/usr/bin/env python3
"""Makes adkpy-v0.db and adkgo.db, the two schema-0 layouts of sources.md
section 2, from the real databases beside this script; adkgo-workflow.db,
ADK Go's layout of ADK JS 2.0.0's workflow sessions (../adk2) with Go's own
columns filled; and adkpy-v0-alembic.db, adkpy-v0.db migrated in place as
ADK Python's alembic_runner.py does it.  GO_DDL is what GORM's SQLite
migrator makes of google/adk-go session/database/storage_session.go
(commit 030138e: storageSession, storageEvent, storageAppState,
storageUserState; dynamicJSON and stateMap are "text" on SQLite, []byte
"blob", time.Time "datetime", *bool "numeric").

- adkpy-v0.db: ADK Python <= 1.21's DatabaseSessionService (schema 0) as
  SQLAlchemy writes it on SQLite, from adkpy-sqlite.db: one column per
  member (snake_case JSON from event_data), timestamps as naive local
  times (datetime.fromtimestamp(), here with TZ=UTC), actions pickled by
  Python's pickle as SQLAlchemy's PickleType does (a dict stands in for
  EventActions: adkev never reads a pickle, only its first byte); the
  states of sessions, app_states and user_states as its DynamicJSON writes
  them on SQLite (json.dumps), from adkpy-sqlite.db's own state tables.
- adkgo.db: ADK Go's session/database as GORM writes it, from adkjs.db's
  event_data (its camelCase, as Go's json.Marshal writes genai types):
  actions as JSON, Go's own columns, times as Go's time.String().

Run from anywhere: python3 tests/corpus/db/make_layouts.py.  The output is
the same byte for byte on every run.
"""
import json, os, pickle, sqlite3, time
from datetime import datetime, timezone, timedelta

os.environ["TZ"] = "UTC"
time.tzset()
here = os.path.dirname(os.path.abspath(__file__))

V0_DDL = """
CREATE TABLE sessions (app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL,
  id VARCHAR(128) NOT NULL, state TEXT, create_time DATETIME, update_time DATETIME,
  PRIMARY KEY (app_name, user_id, id));
CREATE TABLE events (id VARCHAR(128) NOT NULL, app_name VARCHAR(128) NOT NULL,
  user_id VARCHAR(128) NOT NULL, session_id VARCHAR(128) NOT NULL,
  invocation_id VARCHAR(256), author VARCHAR(256), actions BLOB,
  long_running_tool_ids_json TEXT, branch VARCHAR(256), timestamp DATETIME,
  content TEXT, grounding_metadata TEXT, custom_metadata TEXT, usage_metadata TEXT,
  citation_metadata TEXT, partial BOOLEAN, turn_complete BOOLEAN, error_code VARCHAR(256),
  error_message TEXT, interrupted BOOLEAN, input_transcription TEXT,
  output_transcription TEXT,
  PRIMARY KEY (id, app_name, user_id, session_id),
  FOREIGN KEY(app_name, user_id, session_id) REFERENCES sessions (app_name, user_id, id)
  ON DELETE CASCADE);
CREATE TABLE app_states (app_name VARCHAR(128) NOT NULL, state TEXT, update_time DATETIME,
  PRIMARY KEY (app_name));
CREATE TABLE user_states (app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL,
  state TEXT, update_time DATETIME, PRIMARY KEY (app_name, user_id));
"""

GO_DDL = """
CREATE TABLE `sessions` (`app_name` text,`user_id` text,`id` text,`state` text,
  `create_time` datetime,`update_time` datetime,PRIMARY KEY (`app_name`,`user_id`,`id`));
CREATE TABLE `events` (`id` text,`app_name` text,`user_id` text,`session_id` text,
  `invocation_id` text,`author` text,`actions` blob,`long_running_tool_ids_json` text,
  `routes_json` text,`output_json` text,`node_info_json` text,`requested_input_json` text,
  `branch` text,`isolation_scope` text,`timestamp` datetime,`content` text,
  `grounding_metadata` text,`custom_metadata` text,`usage_metadata` text,
  `citation_metadata` text,`partial` numeric,`turn_complete` numeric,`error_code` text,
  `error_message` text,`interrupted` numeric,
  PRIMARY KEY (`id`,`app_name`,`user_id`,`session_id`),
  CONSTRAINT `fk_sessions_events` FOREIGN KEY (`app_name`,`user_id`,`session_id`)
  REFERENCES `sessions`(`app_name`,`user_id`,`id`) ON DELETE CASCADE);
CREATE TABLE `app_states` (`app_name` text,`state` text,`update_time` datetime,
  PRIMARY KEY (`app_name`));
CREATE TABLE `user_states` (`app_name` text,`user_id` text,`state` text,
  `update_time` datetime,PRIMARY KEY (`app_name`,`user_id`));
"""


def fresh(name, ddl):
    path = os.path.join(here, name)
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.executescript(ddl)
    return db


def js(v):
    return None if v is None else json.dumps(v, separators=(",", ":"), ensure_ascii=False)


def sa_time(seconds):
    """SQLAlchemy's DateTime on SQLite: naive, microseconds."""
    return datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M:%S.%f")


def go_time(seconds):
    """Go's time.String() in Europe/Paris's winter time (CET, +0100)."""
    t = datetime.fromtimestamp(seconds, timezone(timedelta(hours=1)))
    frac = ("%.6f" % (seconds % 1))[1:].rstrip("0").rstrip(".")
    return t.strftime("%Y-%m-%d %H:%M:%S") + frac + " +0100 CET"


def sessions_of(src):
    return src.execute("SELECT app_name, user_id, id, create_time, update_time FROM sessions "
                       "ORDER BY update_time, rowid").fetchall()


def dynamic_json(text):
    """ADK Python's DynamicJSON on SQLite: json.dumps() of the value."""
    return json.dumps(json.loads(text))


def make_v0():
    src = sqlite3.connect(os.path.join(here, "adkpy-sqlite.db"))
    db = fresh("adkpy-v0.db", V0_DDL)
    for app, state, ut in src.execute("SELECT app_name, state, update_time FROM app_states "
                                      "ORDER BY rowid"):
        db.execute("INSERT INTO app_states VALUES (?,?,?)",
                   (app, dynamic_json(state), sa_time(ut)))
    for app, user, state, ut in src.execute("SELECT app_name, user_id, state, update_time "
                                            "FROM user_states ORDER BY rowid"):
        db.execute("INSERT INTO user_states VALUES (?,?,?,?)",
                   (app, user, dynamic_json(state), sa_time(ut)))
    for app, user, sid, ct, ut in sessions_of(src):
        state, = src.execute("SELECT state FROM sessions WHERE app_name = ? AND user_id = ?"
                             " AND id = ?", (app, user, sid)).fetchone()
        db.execute("INSERT INTO sessions VALUES (?,?,?,?,?,?)",
                   (app, user, sid, dynamic_json(state), sa_time(ct), sa_time(ut)))
        rows = src.execute("SELECT event_data FROM events WHERE session_id = ? "
                           "ORDER BY timestamp, rowid", (sid,))
        for (data,) in rows:
            e = json.loads(data)
            lrt = e.get("long_running_tool_ids")
            db.execute(
                "INSERT INTO events (id, app_name, user_id, session_id, invocation_id, author,"
                " actions, long_running_tool_ids_json, branch, timestamp, content,"
                " grounding_metadata, custom_metadata, usage_metadata, citation_metadata,"
                " partial, turn_complete, error_code, error_message, interrupted)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (e["id"], app, user, sid, e.get("invocation_id"), e.get("author"),
                 pickle.dumps(e.get("actions", {}), protocol=pickle.HIGHEST_PROTOCOL),
                 js(lrt) if lrt else None, e.get("branch"), sa_time(e["timestamp"]),
                 js(e.get("content")), js(e.get("grounding_metadata")),
                 js(e.get("custom_metadata")), js(e.get("usage_metadata")),
                 js(e.get("citation_metadata")), e.get("partial"), e.get("turn_complete"),
                 e.get("error_code"), e.get("error_message"), e.get("interrupted")))
    db.commit()
    db.execute("VACUUM")
    db.close()


def make_go():
    src = sqlite3.connect(os.path.join(here, "adkjs.db"))
    db = fresh("adkgo.db", GO_DDL)
    readback = json.load(open(os.path.join(here, "adkjs.readback.json")))
    camel = {s["session"]["id"]: s["session"] for s in readback["sessions"]}
    for app, user, sid, ct, ut in sessions_of(src):
        db.execute("INSERT INTO sessions VALUES (?,?,?,?,?,?)",
                   (app, user, sid, "{}", go_time(ct / 1000), go_time(ut / 1000)))
        for e in camel[sid]["events"]:
            lrt = e.get("longRunningToolIds")
            db.execute(
                "INSERT INTO events (id, app_name, user_id, session_id, invocation_id, author,"
                " actions, long_running_tool_ids_json, branch, timestamp, content,"
                " grounding_metadata, custom_metadata, usage_metadata, citation_metadata,"
                " partial, turn_complete, error_code, error_message, interrupted)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (e["id"], app, user, sid, e.get("invocationId"), e.get("author"),
                 js(e.get("actions", {})).encode(), js(lrt) if lrt else None,
                 e.get("branch"), go_time(e["timestamp"] / 1000), js(e.get("content")),
                 js(e.get("groundingMetadata")), js(e.get("customMetadata")),
                 js(e.get("usageMetadata")), js(e.get("citationMetadata")),
                 1 if e.get("partial") else 0, 1 if e.get("turnComplete") else 0,
                 e.get("errorCode"), e.get("errorMessage"), 1 if e.get("interrupted") else 0))
    db.commit()
    db.execute("VACUUM")
    db.close()


def go_json(v):
    """Go's encoding/json of a decoded value: compact, a map's keys sorted,
    <, > and & (and U+2028, U+2029) escaped as Go's HTML-safe default has them."""
    text = json.dumps(v, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    for c, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                   ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(c, esc)
    return text


def go_node_info(n):
    """session.NodeInfo's JSON: path, messageAsOutput, outputFor (omitempty)."""
    out = {}
    for key in ("path", "messageAsOutput", "outputFor"):
        if n.get(key):
            out[key] = n[key]
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False)


def go_requested_input(call):
    """session.RequestInput's JSON from an adk_request_input call's args:
    interruptId, message, responseSchema, payload (the last three omitempty)."""
    a = call["args"]
    out = {"interruptId": a["interruptId"]}
    if a.get("message"):
        out["message"] = a["message"]
    schema = a.get("responseSchema", a.get("response_schema"))
    if schema is not None:
        out["responseSchema"] = schema
    if a.get("payload") is not None:
        out["payload"] = a["payload"]
    # A struct's fields in their own order; the maps in them sorted.
    return "{" + ",".join(json.dumps(k) + ":" + go_json(v) for k, v in out.items()) + "}"


def request_input_call(e):
    for part in (e.get("content") or {}).get("parts", []):
        call = part.get("functionCall")
        if call and call.get("name") == "adk_request_input":
            return call
    return None


def make_go_workflow():
    """adkgo-workflow.db: ADK Go's columns of its 2.x workflow members,
    filled from ADK JS 2.0.0's own workflow sessions (../adk2)."""
    db = fresh("adkgo-workflow.db", GO_DDL)
    adk2 = os.path.join(here, "..", "adk2")
    for name in ("workflow_route", "request_input"):
        s = json.load(open(os.path.join(adk2, name + ".session.json")))
        app, user, sid = s["appName"], s["userId"], s["id"]
        first = s["events"][0]["timestamp"] / 1000
        db.execute("INSERT INTO sessions VALUES (?,?,?,?,?,?)",
                   (app, user, sid, go_json(s["state"]), go_time(first),
                    go_time(s["lastUpdateTime"] / 1000)))
        for e in s["events"]:
            lrt = e.get("longRunningToolIds")
            route = e.get("route")
            routes = None if route is None else route if isinstance(route, list) else [route]
            node = e.get("nodeInfo")
            call = request_input_call(e)
            # No writer in the corpus sets an isolation scope: the answering
            # node's own path stands in, on that node's events.
            scope = node["path"] if node and node.get("path") == "triage.answerer" else None
            db.execute(
                "INSERT INTO events (id, app_name, user_id, session_id, invocation_id, author,"
                " actions, long_running_tool_ids_json, routes_json, output_json,"
                " node_info_json, requested_input_json, branch, isolation_scope, timestamp,"
                " content, grounding_metadata, custom_metadata, usage_metadata,"
                " citation_metadata, partial, turn_complete, error_code, error_message,"
                " interrupted) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (e["id"], app, user, sid, e.get("invocationId"), e.get("author"),
                 js(e.get("actions", {})).encode(), js(lrt) if lrt else None,
                 go_json(routes) if routes else None,
                 go_json(e["output"]) if e.get("output") is not None else None,
                 go_node_info(node) if node else None,
                 go_requested_input(call) if call else None,
                 e.get("branch"), scope, go_time(e["timestamp"] / 1000),
                 js(e.get("content")), js(e.get("groundingMetadata")),
                 js(e.get("customMetadata")), js(e.get("usageMetadata")),
                 js(e.get("citationMetadata")), 1 if e.get("partial") else 0,
                 1 if e.get("turnComplete") else 0, e.get("errorCode"),
                 e.get("errorMessage"), 1 if e.get("interrupted") else 0))
    db.commit()
    db.execute("VACUUM")
    db.close()


# ADK Python's alembic_runner.py (AlembicMigrationRunner, revision
# 001_baseline_v1): bootstrap_existing_database() on a schema-0 database.
V0_ONLY = ["author", "actions", "long_running_tool_ids_json", "branch", "content",
           "grounding_metadata", "custom_metadata", "usage_metadata", "citation_metadata",
           "partial", "turn_complete", "error_code", "error_message", "interrupted",
           "input_transcription", "output_transcription"]
ALEMBIC_STAMP = """
CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL,
  CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num));
INSERT INTO alembic_version (version_num) VALUES ('001_baseline_v1');
"""


def v0_row_to_event_data(row):
    """_v0_row_to_event_data(): a schema-0 row as its event_data."""
    data = {"id": row["id"], "invocation_id": row["invocation_id"] or "",
            "author": row["author"] or "agent"}
    if row["branch"]:
        data["branch"] = row["branch"]
    if row["actions"] is not None:
        obj = pickle.loads(row["actions"])
        if isinstance(obj, dict) and obj:
            data["actions"] = obj
    ts = row["timestamp"]
    if ts is not None:
        try:
            ts = datetime.strptime(ts, "%Y-%m-%d %H:%M:%S.%f")
        except ValueError:
            ts = datetime.strptime(ts, "%Y-%m-%d %H:%M:%S")
        data["timestamp"] = ts.replace(tzinfo=timezone.utc).timestamp()
    if row["long_running_tool_ids_json"]:
        ids = json.loads(row["long_running_tool_ids_json"])
        if ids:
            data["long_running_tool_ids"] = ids
    for field in ("partial", "turn_complete", "interrupted"):
        if row[field] is not None:
            data[field] = row[field]
    for field in ("error_code", "error_message"):
        if row[field]:
            data[field] = row[field]
    for field in ("content", "grounding_metadata", "custom_metadata", "usage_metadata",
                  "citation_metadata", "input_transcription", "output_transcription"):
        if row[field] is not None:
            parsed = json.loads(row[field])
            if parsed:
                data[field] = parsed
    return data


def make_v0_migrated():
    """adkpy-v0-alembic.db: adkpy-v0.db migrated in place and stamped, as
    _migrate_v0_to_v1_in_place() then stamp('001_baseline_v1') leave it."""
    path = os.path.join(here, "adkpy-v0-alembic.db")
    if os.path.exists(path):
        os.remove(path)
    src = sqlite3.connect(os.path.join(here, "adkpy-v0.db"))
    src.backup(db := sqlite3.connect(path))
    src.close()
    db.row_factory = sqlite3.Row
    db.execute("CREATE TABLE adk_internal_metadata (  key VARCHAR(128) NOT NULL PRIMARY KEY,"
               "  value VARCHAR(256) NOT NULL)")
    cols = [r["name"] for r in db.execute("SELECT name FROM pragma_table_info('events')")]
    db.execute("ALTER TABLE events ADD COLUMN event_data TEXT")
    for row in db.execute("SELECT * FROM events").fetchall():
        db.execute("UPDATE events SET event_data = ? WHERE id = ? AND app_name = ?"
                   " AND user_id = ? AND session_id = ?",
                   (json.dumps(v0_row_to_event_data(row)), row["id"], row["app_name"],
                    row["user_id"], row["session_id"]))
    keep = ", ".join(sorted(set(c for c in cols if c not in V0_ONLY) | {"event_data"}))
    db.execute(f"CREATE TABLE events_v1_tmp AS SELECT {keep} FROM events")
    db.execute("DROP TABLE events")
    db.execute("ALTER TABLE events_v1_tmp RENAME TO events")
    db.execute("INSERT INTO adk_internal_metadata (key, value) VALUES ('schema_version', '1')")
    db.executescript(ALEMBIC_STAMP)
    db.commit()
    db.execute("VACUUM")
    db.close()


make_v0()
make_go()
make_go_workflow()
make_v0_migrated()
