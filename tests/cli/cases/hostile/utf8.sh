# Invalid UTF-8 and lone surrogate escapes inside strings: invalid input
# (one line with its position, exit 65, skippable), whichever path reads
# the value: a JSONL line, a value over several lines, an array, SSE.
# Valid escapes (a surrogate pair, \u0000) are text like any other.
p() {
	input=$1
	shift
	printf "$input" | adkev "$@"
	echo "status $?"
}
ev() { printf '%s' '{"author":"a","content":{"parts":[{"text":"'"$1"'"}]}}\n'; }
p "$(ev 'pair \\ud83d\\ude00, nul \\u0000, e \\u00e9')" final
p "$(ev 'overlong \300\257')" final
p "$(ev 'encoded surrogate \355\240\200')" final
p "$(ev 'beyond U+10FFFF \364\220\200\200')" final
p "$(ev 'cut short \342\202')" final
p "$(ev 'stray continuation \200')" final
p "$(ev 'lone high \\ud800')" final
p "$(ev 'high then letter \\ud800x')" final
p "$(ev 'high then high \\ud800\\ud800')" final
p "$(ev 'lone low \\udc00')" final
p '{"author":"a","k\377":1}\n' final
# Over several lines, in an array, after an SSE prefix, then --skip-invalid goes on.
# An array over several lines is read as JSONL is: its first element's answer
# is printed before the second one's error, as it is for the same two lines.
p '{"author":"a",\n "content":{"parts":[{"text":"bad \377"}]}}\n{"author":"b","content":{"parts":[{"text":"next"}]}}\n' final --skip-invalid
p '[{"author":"a","content":{"parts":[{"text":"one"}]}},\n {"author":"a","content":{"parts":[{"text":"\\udc00"}]}}]\n' final
p 'data: {"author":"a","content":{"parts":[{"text":"\\ud800"}]}}\n\ndata: {"author":"a","content":{"parts":[{"text":"ok"}]}}\n' final --skip-invalid
# A byte-order mark starts a file; anywhere else it is not JSON.
p '\357\273\277{"author":"a","content":{"parts":[{"text":"bom"}]}}\n\357\273\277{"author":"a"}\n' final
# The other commands read through the same reader.
for c in reasoning trajectory state critic to-a2a; do p "$(ev '\\udc00')" $c; done
p '{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"\377"}]}\n' from-a2a
