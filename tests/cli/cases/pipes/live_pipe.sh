# A producer that writes event N+1 only after adkev's result for event N has
# reached it: adkev flushes what it wrote before it waits for input, so the
# exchange goes on to the end instead of waiting forever (here, 10 seconds).
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/in" "$dir/out" || exit 1
timeout 10 adkev to-a2a <"$dir/in" >"$dir/out" &
exec 3>"$dir/in" 4<"$dir/out"
for n in 1 2 3; do
	printf '{"author":"bot","content":{"parts":[{"text":"answer %s"}]}}\n' "$n" >&3
	IFS= read -r line <&4 || break
	case $line in
	*"\"answer $n\""*) echo "result $n arrived" ;;
	*) echo "unexpected: $line" ;;
	esac
done
exec 3>&-
wait $!
echo "adkev: exit $?"
# The same exchange through show (a line of text per event) and from-a2a (an
# ADK event per A2A message): every command that writes as it reads flushes
# before it waits.
exchange() {
	rm -f "$dir/in" "$dir/out"
	mkfifo "$dir/in" "$dir/out" || exit 1
	timeout 10 adkev "$@" <"$dir/in" >"$dir/out" &
	exec 3>"$dir/in" 4<"$dir/out"
	for n in 1 2; do
		"$make_input" "$n" >&3
		IFS= read -r line <&4 || break
		case $line in
		*"answer $n"*) echo "$1: result $n arrived" ;;
		*) echo "$1: unexpected: $line" ;;
		esac
	done
	exec 3>&- 4<&-
	wait $!
	echo "$1: exit $?"
}
adk_event() { printf '{"author":"bot","content":{"parts":[{"text":"answer %s"}]}}\n' "$1"; }
a2a_message() {
	printf '{"kind":"message","messageId":"m%s","role":"agent","parts":[{"kind":"text","text":"answer %s"}]}\n' "$1" "$1"
}
make_input=adk_event exchange show --width 200
make_input=a2a_message exchange from-a2a
# reasoning -f -r (a live run: without -f the thoughts are held until the
# input ends, as a later rewind may undo them) writes each thought, with the
# line end after it, as it is found: a reader of lines has the thought
# before the next event is written (events 1 and 4 of the run are final
# responses with thoughts).
thinking=$CORPUS/adkjs/d_thinking.jsonl
thought_event() { sed -n "$1p" "$thinking"; }
rm -f "$dir/in" "$dir/out"
mkfifo "$dir/in" "$dir/out" || exit 1
timeout 10 adkev reasoning -f -r <"$dir/in" >"$dir/out" &
exec 3>"$dir/in" 4<"$dir/out"
for n in 1 4; do
	thought_event "$n" >&3
	# A thought has lines of its own: all of them, its last one ended, are read.
	want=$(thought_event "$n" | adkev reasoning -r)
	got= lines=$(printf '%s\n' "$want" | wc -l)
	while [ "$lines" -gt 0 ] && IFS= read -r line <&4; do
		got=${got:+$got
}$line
		lines=$((lines - 1))
	done
	[ "$got" = "$want" ] && echo "reasoning: thought $n arrived" || echo "reasoning: unexpected: $got"
done
exec 3>&- 4<&-
wait $!
echo "reasoning: exit $?"
