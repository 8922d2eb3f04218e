#!/usr/bin/env python3
"""Makes adkpy-v0.db and adkgo.db, the two schema-0 layouts of sources.md
section 2, from the real databases beside this script.

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


make_v0()
make_go()
