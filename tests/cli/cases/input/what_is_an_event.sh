# An object with any member of ADK's Event schema is an event, whatever the
# value (null too); {} is an empty event.  A plainly A2A object or a JSON-RPC
# envelope is bad input whose message names from-a2a; so is an object with
# no Event member.
printf '%s\n' '{}' '{"modelVersion":"gemini-2.5"}' '{"id":"e1"}' '{"content":null}' \
	'{"interrupted":true}' '{"output_transcription":{"text":"hi"}}' | adkev stats >out
echo "status $?"
cut -c1-40 out
rm -f out
for v in '{"kind":"message","messageId":"m","role":"agent","parts":[]}' \
	'{"id":"t","kind":"task","status":{"state":"completed"}}' \
	'{"jsonrpc":"2.0","id":1,"result":{}}' '{"foo":1}'; do
	printf '%s\n' "$v" | adkev final
	echo "status $?"
done
# An Event member besides id makes it an event all the same.
printf '%s\n' '{"kind":"x","author":"a","content":{"parts":[{"text":"ok"}]}}' | adkev final -r
