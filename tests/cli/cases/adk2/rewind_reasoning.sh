# reasoning over a session ADK Python's runner rewound (rewind_thinking,
# built by gen/rewind.sh from ADK JS 2.0.0's d_thinking session): the
# rewind undoes invocation 2, so of a file only invocation 1's thought
# counts, by default and with --all, camelCase or snake_case, -j 1 or in
# small chunks, as an operand, on standard input or from a pipe.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adk2/rewind/rewind_thinking*.jsonl .
for f in rewind_thinking.jsonl rewind_thinking.snake.jsonl; do
	for a in "" --all; do
		echo "== $f $a"
		adkev reasoning $a -j 1 "$f"
		echo "status $?"
		ADKEV_CHUNK_BYTES=300 adkev reasoning $a -j 2 "$f" >many.tmp
		echo "status $?" >>many.tmp
		adkev reasoning $a <"$f" >in.tmp
		echo "status $?" >>in.tmp
		adkev reasoning $a -j 1 "$f" >one.tmp
		echo "status $?" >>one.tmp
		cmp -s one.tmp many.tmp || echo "-j 2: DIFFERENT"
		cmp -s one.tmp in.tmp || echo "stdin: DIFFERENT"
	done
done
# A pipe is held to its end as a file is, whatever the -j and the chunks:
# the rewound invocation's thoughts are left out.
for j in 1 2; do
	echo "== pipe -j $j"
	cat rewind_thinking.jsonl | ADKEV_CHUNK_BYTES=300 adkev reasoning --all -j $j
	echo "status $?"
done
# With -f (a live run) each thought is written as it is read: those of the
# rewound invocation were written before the rewind arrived.
echo "== -f"
cat rewind_thinking.jsonl | adkev reasoning --all -f -j 1
echo "status $?"
