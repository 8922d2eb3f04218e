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
