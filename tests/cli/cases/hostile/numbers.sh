# Numbers out of range: integers beyond 64 bits and reals that overflow are
# invalid input (65); everything jansson can hold is carried through,
# summed without overflow (token counts saturate) and printed back in the
# shortest form that reads as the same double.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
p() {
	input=$1
	shift
	printf "$input" | adkev "$@"
	echo "status $?"
}
p '{"author":"a","timestamp":1e308,"content":{"parts":[{"functionCall":{"name":"f","args":{"tiny":1e-400,"negzero":-0,"max":9223372036854775807,"min":-9223372036854775808,"huge":1.7976931348623157e308,"tenth":0.1}}}]}}\n' trajectory
p '{"author":"a","n":9223372036854775808}\n' final
p '{"author":"a","n":-9223372036854775809}\n' final
p '{"author":"a","n":1.8e308}\n' final
p '{"author":"a","n":-1e999}\n' final
# Token counts at the limits: the sums saturate instead of wrapping; a
# negative count adds 0 and a real past the range counts as the largest.
p '{"author":"a","invocationId":"i","usageMetadata":{"promptTokenCount":9223372036854775807,"candidatesTokenCount":-9223372036854775808,"totalTokenCount":1e300}}\n{"author":"a","invocationId":"i","usageMetadata":{"promptTokenCount":9223372036854775807,"totalTokenCount":2}}\n' trajectory
# Timestamps at the limits.
p '{"author":"a","timestamp":-1e308,"content":{"parts":[{"functionCall":{"name":"f"}}]}}\n{"author":"a","timestamp":1e308,"content":{"parts":[{"functionCall":{"name":"g"}}]}}\n' trajectory
p '{"author":"a","timestamp":9223372036854775807,"content":{"parts":[{"functionCall":{"name":"f"}}]}}\n' trajectory
# Scores and option values out of range.
p '{"author":"critic","content":{"parts":[{"text":"{\\"score\\": 1e308}"}]}}\n' critic
p '{"author":"critic","content":{"parts":[{"text":"{\\"score\\": 1e999}"}]}}\n' critic
adkev trajectory --max-string 99999999999999999999999 2>err.tmp </dev/null; echo "status $?"
head -n 1 err.tmp
adkev critic --min-score 1e999 2>err.tmp </dev/null; echo "status $?"
head -n 1 err.tmp
cd / && rm -rf "$t"
