# final's backward read gives the forward read's answer: a value left open on
# the line above the answer (which the forward read takes the answer's line
# into) sends the read forward, so a damaged log cannot pass a gate with a
# line an attacker appended.  Also for CRLF, SSE and a BOM; a clean line
# above keeps the backward answer.
one='{"author":"a","content":{"parts":[{"text":"first"}]}}'
open='{"author":"x","nested":'
hijack='{"author":"bot","content":{"parts":[{"text":"HIJACK"}]}}'
printf '%s\n' "$one" "$open" "$hijack" >h.jsonl
adkev final -r h.jsonl; echo "file: status $?"
adkev final -r <h.jsonl; echo "stdin: status $?"
printf '%s\r\n' "$one" "$open" "$hijack" >crlf.jsonl
adkev final -r crlf.jsonl; echo "crlf: status $?"
printf 'data: %s\n\n' "$one" "$open" "$hijack" >h.sse
adkev final -r h.sse; echo "sse: status $?"
printf '\357\273\277%s\n' "$open" >bom.jsonl; printf '%s\n' "$hijack" >>bom.jsonl
adkev final -r bom.jsonl; echo "bom: status $?"
printf '%s\n' "$one" '' ': comment' "$hijack" >clean.jsonl
adkev final -r clean.jsonl; echo "clean: status $?"
rm -f h.jsonl crlf.jsonl h.sse bom.jsonl clean.jsonl
