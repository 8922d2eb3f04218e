# The bash completion, called as bash calls it: COMP_WORDS and COMP_CWORD
# set, _adkev run, COMPREPLY printed.  The script is the one adkev writes
# from its option tables, so every command of `adkev --help` is offered.
script=$(mktemp)
adkev completion bash >"$script" || echo "exit $?"
comp() {
	bash --norc --noprofile -c '
		. "$1"
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_adkev
		printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort
	' comp "$script" "$@"
	echo --
}
echo "complete: $(bash --norc -c '. "$1"; complete -p adkev' x "$script")"
# Every command, and help; the commands match adkev --help exactly.
all=$(mktemp)
comp adkev '' >"$all"
adkev --help | sed -n '/^Commands:/,/^$/s/^  \([a-z0-9_-]*\) .*/\1/p' | { cat; echo help; } |
	LC_ALL=C sort | { cat; echo --; } | cmp - "$all" && echo "commands: as adkev --help lists them"
rm -f "$all"
comp adkev s
comp adkev --
comp adkev help st
# Options of a command, from its table; an alias (--colour) is not offered.
comp adkev show --
comp adkev stats --ta
comp adkev final -
# Option values: a fixed list, in the next word or after =, however bash split it.
comp adkev show --color=
comp adkev show --color =
comp adkev show --color = n
comp adkev show --color=a
comp adkev final --author ''
comp adkev to-a2a --a2a-version ''
comp adkev final -j ''
# A directory value: only directories.
dir=$(mktemp -d)
mkdir "$dir/runs" && touch "$dir/run.jsonl"
(cd "$dir" && comp adkev partition --split '')
rm -rf "$dir"
# Operands are file names.
cd "$TESTS/cli/cases/completion" && comp adkev show --full ba
# ... or a command's fixed list.
comp adkev completion ''
comp adkev help comp
rm -f "$script"
