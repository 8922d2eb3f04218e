# The run a page shows, one item a line: lanes nested by branch, a model call
# with its tokens (the repeated usage of the same call counted once, its
# streamed chunks counted), tool calls paired by id and by name, a failed
# one, one never answered, a result whose call is not in the run, thought,
# answer, state, transfer, escalate and error, each at its time.
page=$(adkev timeline --title demo <<'IN'
{"invocationId":"e-1","author":"user","timestamp":100,"content":{"role":"user","parts":[{"text":"Plan a trip."}]}}
{"invocationId":"e-1","author":"planner","branch":"planner","timestamp":100.5,"partial":true,"content":{"role":"model","parts":[{"text":"Let me"}]}}
{"invocationId":"e-1","author":"planner","branch":"planner","timestamp":101,"content":{"role":"model","parts":[{"text":"Weighing options.","thought":true},{"functionCall":{"id":"c1","name":"weather","args":{"city":"Oslo","api_key":"k-123"}}},{"functionCall":{"name":"hotels","args":{}}},{"functionCall":{"id":"c3","name":"flights","args":[1]}}]},"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":5,"totalTokenCount":15}}
{"invocationId":"e-1","author":"planner","branch":"planner","timestamp":101,"content":{"role":"model","parts":[]},"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":5,"totalTokenCount":15}}
{"invocationId":"e-1","author":"planner","branch":"planner","timestamp":102.25,"content":{"role":"user","parts":[{"functionResponse":{"id":"c1","name":"weather","response":{"temp":3}}},{"functionResponse":{"name":"hotels","response":{"error":"quota"}}},{"functionResponse":{"id":"zz","name":"lost","response":{"ok":true}}}]},"actions":{"stateDelta":{"city":"Oslo","token":"t-1"}}}
{"invocationId":"e-1","author":"booker","branch":"planner.booker","timestamp":103,"content":{"role":"model","parts":[{"text":"Booked."}]},"actions":{"transferToAgent":"planner","escalate":true}}
{"invocationId":"e-1","author":"planner","branch":"planner","timestamp":104,"errorCode":"429","errorMessage":"quota"}
IN
) || echo "exit $?"
printf '%s\n' "$page" | sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' | sed 's/,{"kind"/,\n{"kind"/g'
