# Sourced by tests/cli/cases/sessiondb/same_as_files.sh and
# tests/postgres/run.sh: both ask whether each command's output over a
# session database equals its output over the recorded session file.
#
#   compare DATABASE SESSION_FILE 'CMD|CMD...'
#
# runs each command (words, split as the shell splits them) over
# SESSION_FILE, and with --session ID over DATABASE (ID: the file's session
# id), and prints "same", or "DIFF DATABASE FILE CMD" naming the command.
# Both runs' standard error and exit status are part of what is compared,
# unless QUIET is set: then the database's standard error is left out (a
# warning only the database gives).  final's warning of a run that ends in an
# error names the operand, so its name is taken out of it.
# The commands compared: every command that reads events, in its usual forms.
# shellcheck disable=SC2034 # used by the scripts that source this one
commands="stats|stats --table|final|final --per-invocation|reasoning|trajectory|trajectory --per-invocation|state|show --color=never --width 100|show --format=mermaid|to-a2a"
compare() {
	id=$(sed -n 's/.*"id":"\([^"]*\)","appName".*/\1/p' "$2")
	echo "$3" | tr '|' '\n' | while read -r cmd; do
		# shellcheck disable=SC2086
		a=$(adkev $cmd "$2" 2>&1; echo "exit $?")
		if [ -n "${QUIET:-}" ]; then
			# shellcheck disable=SC2086
			b=$(adkev $cmd --session "$id" "$1" 2>/dev/null; echo "exit $?")
		else
			# shellcheck disable=SC2086
			b=$(adkev $cmd --session "$id" "$1" 2>&1; echo "exit $?")
		fi
		a=$(printf '%s\n' "$a" | sed 's/^adkev: final: .*: warning: /adkev: final: FILE: warning: /')
		b=$(printf '%s\n' "$b" | sed 's/^adkev: final: .*: warning: /adkev: final: FILE: warning: /')
		if [ "$a" = "$b" ]; then echo same; else echo "DIFF $(basename "$1") $(basename "$2") $cmd"; fi
	done
}
