# Values of unexpected types are shown as they are, never a crash: an error
# whose code and message are an object and an array (an error item without
# text), a call with no name, a result with no response, a transfer to a
# number.  (The first was found by fuzz_timeline.)
page=$(adkev timeline --title odd <<'IN'
{"author":"a","timestamp":1,"errorCode":{"x":1},"errorMessage":[2]}
{"author":"a","timestamp":2,"content":{"role":"model","parts":[{"functionCall":{"args":"nope"}}]}}
{"author":"a","timestamp":3,"content":{"role":"user","parts":[{"functionResponse":{}}]},"actions":{"transferToAgent":7}}
IN
) || echo "exit $?"
printf '%s\n' "$page" | sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' | sed 's/,{"kind"/,\n{"kind"/g'
