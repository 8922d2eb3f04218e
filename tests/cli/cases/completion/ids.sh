t=$(mktemp -d) && cd "$t"
# --session and --invocation complete to the ids of the operands on the
# line, and "last": the bash completion asks `adkev completion --ids`,
# which reads regular files only, a bounded part of each, and says nothing
# on standard error.
adkev completion bash >adkev.bash || echo "exit $?"
# comp N WORD ...: what bash offers for word N of the line, as bash calls _adkev.
comp() {
	bash --norc --noprofile -c '
		. ./adkev.bash
		COMP_CWORD=$1
		shift
		COMP_WORDS=("$@")
		_adkev
		printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort
	' comp "$@"
	echo --
}
db=$CORPUS/db/adkpy-sqlite.db
run=$CORPUS/adk2/compaction_agent.jsonl
# A database's session ids, in the next word, after "=" however bash split
# it, and with the operand after the word completed.
comp 4 adkev show "$db" --session ''
comp 4 adkev show "$db" --session 0
comp 5 adkev show "$db" --session = 8
comp 3 adkev stats --session 0 "$db"
# Two databases: the ids of both, each once; -j's value and --author's are
# no operands, even when they name a database.
comp 9 adkev events -j 4 "$db" --author "$CORPUS/db/adkgo.db" "$CORPUS/db/adkpy-v0.db" --session ''
# A stream's invocation ids, and a database's.
comp 4 adkev final "$run" --invocation ''
comp 4 adkev final "$db" --invocation e-
# No operand, or none that is a regular file: "last" alone, without a word on
# standard error and without waiting for standard input or a FIFO.
mkfifo fifo
comp 3 adkev show --session ''
comp 6 adkev show - fifo missing.db --session '' 0<>fifo
comp 3 adkev final --invocation ''
# An id a shell would expand, or split, is not offered.
printf '%s\n' '{"invocationId":"$(touch pwned)","author":"user"}' \
	'{"invocationId":"a b","author":"user"}' '{"invocationId":"e-1","author":"user"}' >odd.jsonl
comp 4 adkev final odd.jsonl --invocation ''
ls pwned 2>/dev/null
# What the scripts call, as they call it.
adkev completion --ids session -- show --session '' "$db" missing.db fifo; echo "exit $?"
adkev completion --ids invocation -- final odd.jsonl - 0<>fifo; echo "exit $?"
adkev completion --ids sessions -- show "$db"; echo "exit $?"
# zsh and fish ask the same helper (tests/tty runs them where they are installed).
adkev completion zsh | grep -e "'--session=" -e "'--invocation=" | sort -u
adkev completion fish | grep -e "from show' -l session" -e "from show' -l invocation"
