# The bash completion, called as bash calls it: COMP_WORDS and COMP_CWORD
# set, _adkev run, COMPREPLY printed.  The lists come from the binary, so
# every command of `adkev --help` is offered.
comp() {
	bash --norc --noprofile -c '
		. "$1/../completions/adkev.bash"
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_adkev
		printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort
	' comp "$TESTS" "$@"
	echo --
}
echo "complete: $(bash --norc -c '. "$1/../completions/adkev.bash"; complete -p adkev' x "$TESTS")"
# Every command, and help; the commands match adkev --help exactly.
all=$(mktemp)
comp adkev '' >"$all"
adkev --help | sed -n '/^Commands:/,/^$/s/^  \([a-z0-9_-]*\) .*/\1/p' | { cat; echo help; } |
	LC_ALL=C sort | { cat; echo --; } | cmp - "$all" && echo "commands: as adkev --help lists them"
rm -f "$all"
comp adkev s
comp adkev --
comp adkev help st
# Options of a command, read from its help.
comp adkev show --
comp adkev stats --ta
comp adkev final -
# Option values: WHEN, in the next word or after =, however bash split it.
comp adkev show --color=
comp adkev show --color =
comp adkev show --color = n
comp adkev show --color=a
comp adkev final --author ''
# Operands are file names.
cd "$TESTS/cli/cases/completion" && comp adkev show --full ba
