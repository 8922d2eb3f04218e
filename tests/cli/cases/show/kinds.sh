# Every kind of thing show prints: data, code, its output, files, failed
# tool results (three conventions), auth and confirmation requests (keys
# only, never their contents), long-running calls, artifacts, a stream
# error, an event with nothing in it, errors and escalation.
adkev show --width 100 kinds.jsonl
