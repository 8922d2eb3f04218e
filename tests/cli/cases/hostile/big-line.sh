# Lines of any length (events.md 1.1): one event BIG_MB megabytes long on a
# single line - 10 here, 100 under make check-slow - read from a file and
# from a pipe, passed through byte for byte, converted, and truncated where
# trajectory truncates.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
n=$((${BIG_MB:-10} * 1000000))
big() { head -c $n /dev/zero | tr '\0' "$1"; }
{ printf '{"author":"a","content":{"parts":[{"text":"'; big x; printf '"}]}}\n'; } >big.tmp
size=$(wc -c <big.tmp)
[ "$(adkev final -r big.tmp | wc -c)" -eq $((n + 1)) ] && echo "final: the whole text"
[ "$(adkev final -r <big.tmp | wc -c)" -eq $((n + 1)) ] && echo "final from standard input: the whole text"
# partition writes {"a":[EVENT]} and a newline, EVENT being the line without its newline.
[ "$(adkev partition big.tmp | wc -c)" -eq $((size + 8)) ] && echo "partition: the event byte for byte"
[ "$(adkev to-a2a big.tmp | wc -c)" -gt $n ] && echo "to-a2a: the whole text"
# A huge tool argument: trajectory keeps 10000 code points of it.
{ printf '{"author":"a","content":{"parts":[{"functionCall":{"name":"f","args":{"q":"'; big y; printf '"}}}]}}\n'; } >big.tmp
adkev trajectory big.tmp >trajectory.tmp || echo "exit $?"
grep -o 'y\.\.\.\[truncated [0-9]* chars\]' trajectory.tmp | sed "s/ $((n - 10000)) / N-10000 /"
# Inline data as large, in base64: to-a2a checks every byte of it.
{ printf '{"author":"a","content":{"parts":[{"inlineData":{"mimeType":"image/png","data":"'; big A; printf '"}}]}}\n'; } >big.tmp
[ "$(adkev to-a2a big.tmp | wc -c)" -gt $n ] && echo "to-a2a: the inline data"
cd / && rm -rf "$t"
