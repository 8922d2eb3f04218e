# --unbuffered: each result reaches the reader as soon as it is made, even
# while adkev is held up by something other than a read (here, opening a
# FIFO that nobody writes to until every result of the file before it has
# arrived).
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/later" "$dir/out" || exit 1
printf '{"author":"bot","content":{"parts":[{"text":"answer %s"}]}}\n' 1 2 >"$dir/events.jsonl"
timeout 10 adkev to-a2a --unbuffered "$dir/events.jsonl" "$dir/later" >"$dir/out" &
exec 4<"$dir/out"
for n in 1 2; do
	IFS= read -r line <&4 || break
	case $line in
	*"\"answer $n\""*) echo "result $n arrived" ;;
	*) echo "unexpected: $line" ;;
	esac
done
timeout 10 sh -c ': >"$1"' sh "$dir/later"
wait $!
echo "adkev: exit $?"
