# Text from the run cannot break the diagram or the page it is shown in: one
# line, cut at 60 code points, Mermaid's and HTML's characters as entity
# codes, control and bidirectional characters too.  A tool call shows its
# argument names, never their values; a failed result is a crossed arrow;
# a user message no agent answered is a note; a stream error a note over
# the last agent.
cat <<'IN' | adkev show --format mermaid
{"invocationId":"e-1","author":"user","content":{"role":"user","parts":[{"text":"Hi; #1 <b>bold</b> & \"quoted\"\nsecond line \u202eevil\u001b[31m"}]}}
{"invocationId":"e-1","author":"a;b","content":{"role":"model","parts":[{"functionCall":{"name":"login","args":{"user":"bob","password":"hunter2"}}}]}}
{"invocationId":"e-1","author":"a;b","content":{"role":"user","parts":[{"functionResponse":{"name":"login","response":{"error":"denied"}}}]}}
{"invocationId":"e-1","author":"a;b","partial":true,"content":{"role":"model","parts":[{"text":"chunk"}]}}
{"invocationId":"e-1","author":"a;b","content":{"role":"model","parts":[{"text":"thinking","thought":true},{"text":"An answer that is far longer than sixty code points, so it is cut short here."}]}}
{"error":"upstream closed"}
{"invocationId":"e-2","author":"user","content":{"role":"user","parts":[{"text":"anyone?"}]}}
IN
# An error whose code and message are not text is a note saying "error" (found by fuzz_show).
printf '%s\n' '{"author":"a","errorCode":{"x":1},"errorMessage":[2]}' | adkev show --format=mermaid
