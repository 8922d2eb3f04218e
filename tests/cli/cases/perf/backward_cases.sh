# The backward read of final against the forward read, case by case: what
# it must get right (the answer is the last final response with text, user
# events and thoughts left out, filters applied) and every input it must
# hand to the forward read (bad lines after the answer, values over several
# lines, arrays, sessions, standard input).  The last case is the one
# difference: lines before the answer are not read, so not checked.
set -u
stdin=/dev/null
show() {
	name=$1
	shift
	back=$(adkev final "$@" <"$stdin" 2>&1; echo "status $?")
	full=$(adkev final --full-scan "$@" <"$stdin" 2>&1; echo "status $?")
	if [ "$back" = "$full" ]; then
		echo "$name: same: $(echo "$back" | tr '\n' ' ')"
	else
		echo "$name: backward: $(echo "$back" | tr '\n' ' ')| full scan: $(echo "$full" | tr '\n' ' ')"
	fi
}
answer() { printf '{"author":"%s","invocationId":"%s","content":{"role":"model","parts":[{"text":"%s"}]}}\n' "$1" "$2" "$3"; }
partial() { printf '{"author":"%s","partial":true,"content":{"parts":[{"text":"%s"}]}}\n' "$1" "$2"; }
call() { printf '{"author":"%s","content":{"parts":[{"functionCall":{"name":"t","args":{}}}]}}\n' "$1"; }
reply() { printf '{"author":"%s","content":{"parts":[{"functionResponse":{"name":"t","response":{"text":"no"}}}]}}\n' "$1"; }
user() { printf '{"author":"user","content":{"role":"user","parts":[{"text":"%s"}]}}\n' "$1"; }
thought() { printf '{"author":"%s","content":{"parts":[{"text":"%s","thought":true}]}}\n' "$1" "$2"; }

{ answer a e-1 first; answer a e-1 second; partial a chunk; call a; reply a; } >t1.jsonl
show "non-final events after the answer" t1.jsonl
{ answer a e-1 answer; user "next question"; } >t2.jsonl
show "a user event at the end" t2.jsonl
{ answer a e-1 answer; thought a "only thinking"; } >t3.jsonl
show "a thought-only last event" t3.jsonl
{ answer a e-1 answer; echo '{"author":"a","errorCode":"SAFETY","content":{"parts":[]}}'; } >t4.jsonl
show "a final event without text at the end" t4.jsonl
{ answer a e-1 "from a"; answer b e-1 "from b"; answer c e-2 "from c"; } >t5.jsonl
show "--author a" --author a t5.jsonl
show "--author nobody -e" --author nobody -e t5.jsonl
show "--invocation e-1" --invocation e-1 t5.jsonl
show "-r" -r t5.jsonl
{ answer a e-1 "from a"; printf '{"author":"a","content":{"parts":[{"text":"cut'; } >t6.jsonl
show "a truncated last line" t6.jsonl
{ answer a e-1 one; answer a e-1 two; } | sed 's/$/\r/' >t7.jsonl
show "CRLF" t7.jsonl
{ echo ': keep-alive'; echo 'event: message'; printf 'data: '; answer a e-1 one; echo; printf 'data: '; answer a e-1 two; echo; echo 'id: 9'; } >t8.sse
show "SSE" t8.sse
{ printf '\357\273\277'; answer a e-1 bom; } >t9.jsonl
show "a byte-order mark, one line" t9.jsonl
printf '{\n  "author": "a",\n  "content": {"parts": [{"text": "pretty"}]}\n}\n' >t10.json
show "pretty-printed" t10.json
{ answer a e-1 first; printf '{\n  "author": "a",\n  "content": {"parts": [{"text": "pretty last"}]}\n}\n'; } >t11.jsonl
show "a pretty-printed value after JSONL" t11.jsonl
printf '[%s,%s]\n' "$(answer a e-1 one)" "$(answer a e-1 two)" >t12.json
show "an array" t12.json
show "a session" "$CORPUS"/adkjs/b_tool_call.session.json
: >empty.jsonl
show "two files, the answer in the first" t5.jsonl t4.jsonl empty.jsonl
show "a missing file" t5.jsonl missing.jsonl
stdin=t5.jsonl
show "standard input, a regular file" -
show "standard input and a file" - t4.jsonl
stdin=/dev/null
{ answer a e-1 answer; echo '{"author": oops}'; } >t13.jsonl
show "a bad line after the answer" t13.jsonl
show "a bad line after the answer, --skip-invalid" --skip-invalid t13.jsonl
{ answer a e-1 answer; echo '{"kind":"task"}'; } >t14.jsonl
show "a non-event after the answer" t14.jsonl
{ answer a e-1 answer; echo '{"error":"quota exceeded"}'; } >t15.jsonl
show "a stream error at the end" t15.jsonl
{ answer a e-1 one; printf '%s %s\n' "$(answer a e-1 two)" "$(answer a e-1 three)"; } >t16.jsonl
show "two values on the last line" t16.jsonl
printf '%s\n' '{"author":"a","actions":{"responseContent":{"parts":[{"text":"from responseContent"}]}},"content":{"parts":[{"text":"ignored"}]}}' >t17.jsonl
show "responseContent" t17.jsonl
{ answer a e-1 before; echo '{"author": oops}'; answer a e-1 after; } >t18.jsonl
show "a bad line just before the answer (the line above decides: forward)" t18.jsonl
{ answer a e-1 before; echo '{"author": oops}'; answer a e-1 middle; answer a e-1 after; } >t19.jsonl
show "a bad line two lines before the answer (not read backwards)" t19.jsonl
rm -f t*.jsonl t*.json t8.sse empty.jsonl
