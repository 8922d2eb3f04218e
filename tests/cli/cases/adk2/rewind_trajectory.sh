# trajectory over sessions ADK Python's runner rewound (tests/corpus/adk2/
# rewind): a rewound invocation's tool calls, state deltas, token usage and
# answer are left out, as ADK's history leaves them out, camelCase or
# snake_case; -j in small chunks (a rewind in a later chunk than its
# target), standard input, a pipe and --partial | --merge give what -j 1
# gives.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adk2/rewind/*.jsonl .
for f in rewind_garden.jsonl rewind_garden.snake.jsonl rewind_twice.jsonl \
	rewind_thinking.jsonl rewind_thinking.snake.jsonl; do
	echo "== $f"
	adkev trajectory -c -j 1 "$f" >one.tmp
	echo "status $?" >>one.tmp
	cat one.tmp
	for n in 300 900; do
		ADKEV_CHUNK_BYTES=$n adkev trajectory -c -j 2 "$f" >many.tmp
		echo "status $?" >>many.tmp
		cmp -s one.tmp many.tmp || echo "-j 2 ($n bytes): DIFFERENT"
	done
	adkev trajectory -c <"$f" >in.tmp
	echo "status $?" >>in.tmp
	cmp -s one.tmp in.tmp || echo "stdin: DIFFERENT"
	adkev trajectory --partial "$f" >part.tmp
	adkev trajectory -c --merge part.tmp >merged.tmp
	echo "status $?" >>merged.tmp
	cmp -s one.tmp merged.tmp || echo "--partial | --merge: DIFFERENT"
done
# A pipe is copied to a temporary file and read as the file is, in chunks
# too, so it gives what the file gives: the rewound call is left out.
echo "== pipes"
for f in rewind_thinking.jsonl rewind_twice.jsonl; do
	adkev trajectory -c "$f" >one.tmp
	cat "$f" | adkev trajectory -c >pipe.tmp
	cmp -s one.tmp pipe.tmp && echo "$f: pipe as file" || echo "$f: pipe DIFFERENT"
	cat "$f" | ADKEV_CHUNK_BYTES=300 adkev trajectory -c -j 2 >pipe.tmp
	cmp -s one.tmp pipe.tmp && echo "$f: pipe -j 2 as file" || echo "$f: pipe -j 2 DIFFERENT"
done
cat rewind_thinking.jsonl | adkev trajectory -c | jq -c '[.tool_calls[].name]'
