# A top-level array over several lines is handed out as it is read, each
# element parsed alone, the array checked whole (exactly jansson's words
# and position for any bad byte), holding only the element at hand.
set -u
gen=${ADKEV_GEN:-$TESTS/../build/default/adkev-gen}
[ -x "$gen" ] || { echo "adkev-gen is not built: make $TESTS/../build/default/adkev-gen" >&2; exit 1; }
# 600 KB of events, their lines of up to 40 KB crossing the reader's 64 KiB
# reads: the array reads as the same events as JSONL, their bytes the same.
"$gen" -t -s 7 -b 600k >ev.jsonl
{ echo '['; sed '$!s/$/,/' ev.jsonl; echo ']'; } >arr.json
{ echo '[ '; sed '$!s/$/ ,  /' ev.jsonl | sed 's/^/    /'; printf '\n  ]  \n'; } >arr2.json
for f in arr.json arr2.json; do
	for j in 1 2; do
		adkev stats -j $j ev.jsonl >s.jsonl
		adkev stats -j $j "$f" >s.arr
		cmp -s s.jsonl s.arr && echo "$f -j $j: stats the same as JSONL's"
	done
	adkev to-a2a ev.jsonl >a.jsonl
	adkev to-a2a "$f" >a.arr
	cmp -s a.jsonl a.arr && echo "$f: to-a2a the same as JSONL's"
done
show() {
	name=$1
	shift
	out=$(printf "$@" | adkev final --concat -r 2>&1; echo "status $?")
	echo "$name: $(echo "$out" | tr '\n' ' ')"
}
ev() { printf '{"author":"a","content":{"parts":[{"text":"%s"}]}}' "$1"; }
# What is printed before the error is what the same events as JSONL print.
show "bad element in the middle" "[\n$(ev one),\n$(ev tw\\\\o),\n$(ev three)\n]\n"
show "bad bytes between elements" "[\n$(ev one),\n$(ev two) x,\n$(ev three)\n]\n"
show "bad bytes after the last element" "[\n$(ev one),\n$(ev two)\n x]\n"
show "a comma before the end" "[\n$(ev one),\n$(ev two),\n]\n"
show "two commas" "[\n$(ev one),,\n$(ev two)\n]\n"
show "cut short" "[\n$(ev one),\n$(ev two),\n"
show "no event in the middle" "[\n$(ev one),\n 3,\n$(ev two)\n]\n"
show "no event, then bad bytes" "[\n$(ev one),\n 3,\n$(ev two) x\n]\n"
show "empty" "[\n]\n"
show "after the array" "[\n$(ev one)\n] $(ev two)\n"
rm -f ev.jsonl arr.json arr2.json s.jsonl s.arr a.jsonl a.arr
# A session's events are handed out so too when its id, appName and
# userId come first, as ADK writes them; the members after its events are
# checked, and --per-session names each session as the whole value did.
sess() { printf '{\n "id":"%s",\n "appName":"app",\n "userId":"u",\n "events":[\n%s,\n%s\n ],\n "lastUpdateTime":1.5%s}\n' "$1" "$(ev "$2")" "$(ev "$3")" "${4:-}"; }
{ sess s-1 one two; sess s-2 three four; } | adkev final --per-session -r
echo "status $?"
{ sess s-1 one two ',"x":}'; sess s-2 three four; } | adkev final --per-session -r
echo "status $?"
# With its id after its events, a session is read whole: the same names.
printf '{\n "events":[\n%s\n ],\n "id":"late","appName":"app","userId":"u"\n}\n' "$(ev five)" | adkev final --per-session -r
echo "status $?"
