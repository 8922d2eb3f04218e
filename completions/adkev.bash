# bash completion for adkev(1)                             -*- shell-script -*-
#
# The commands and their options are read from the adkev binary itself
# ("adkev --help", "adkev help COMMAND"), so a new command or option is
# completed without editing this file.  Option values: WHEN completes to
# auto, always, never; FILE and DIR to file and directory names; other
# values (NAME, ID, N) to nothing.  Operands complete to file names.

# The command names, one per line.
_adkev_commands()
{
	"$1" --help 2>/dev/null |
		sed -n '/^Commands:/,/^$/s/^  \([A-Za-z0-9_-][A-Za-z0-9_-]*\) .*/\1/p'
}

# The options of command $2, one per line: "NAME", "NAME ARG" (a value in the
# next word or after "=") or "NAME ARG optional" (a value only after "=").
_adkev_options()
{
	"$1" help "$2" 2>/dev/null | awk '
		# Another name of an option ("the same as --color") is not offered.
		/ the same as --/ { next }
		/^ +-/ {
			line = $0
			sub(/^ +/, "", line)
			if (match(line, /^-[A-Za-z0-9], /)) {
				print substr(line, 1, 2)
				line = substr(line, RLENGTH + 1)
			} else if (match(line, /^-[A-Za-z0-9]( |$)/)) {
				print substr(line, 1, 2)
				next
			}
			if (!match(line, /^--[A-Za-z0-9][A-Za-z0-9-]*/))
				next
			name = substr(line, 1, RLENGTH)
			rest = substr(line, RLENGTH + 1)
			if (match(rest, /^\[=[A-Z]+\]/))
				print name, substr(rest, 3, RLENGTH - 3), "optional"
			else if (match(rest, /^ [A-Z]+/))
				print name, substr(rest, 2, RLENGTH - 1)
			else
				print name
		}'
}

# Fills COMPREPLY with the values of an option whose value is called $1.
_adkev_values()
{
	local arg=$1 cur=$2
	case $arg in
	WHEN) COMPREPLY=($(compgen -W 'auto always never' -- "$cur")) ;;
	FILE) COMPREPLY=($(compgen -f -- "$cur")) ;;
	DIR) COMPREPLY=($(compgen -d -- "$cur")) ;;
	*) COMPREPLY=() ;;
	esac
}

_adkev()
{
	local bin=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]}
	local prev= cmd= i spec arg
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()

	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*)
			cmd=${COMP_WORDS[i]}
			break
			;;
		esac
	done
	if [[ -z $cmd ]]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--help --version' -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$(_adkev_commands "$bin") help" -- "$cur"))
		fi
		return 0
	fi
	if [[ $cmd == help ]]; then
		((i == COMP_CWORD - 1)) &&
			COMPREPLY=($(compgen -W "$(_adkev_commands "$bin")" -- "$cur"))
		return 0
	fi

	spec=$(_adkev_options "$bin" "$cmd")
	# "--color=al": bash splits it into "--color", "=", "al" (or "=al" when
	# = is not a word break); the value is completed after the option's =.
	local opt= val=$cur
	if [[ $cur == --*=* ]]; then
		opt=${cur%%=*}
		val=${cur#*=}
	elif [[ $cur == = || $cur == =* ]] && ((COMP_CWORD > 1)); then
		opt=$prev
		val=${cur#=}
	elif [[ $prev == = ]] && ((COMP_CWORD > 2)); then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	if [[ -n $opt ]]; then
		arg=$(printf '%s\n' "$spec" | awk -v o="$opt" '$1 == o && NF > 1 { print $2 }')
		_adkev_values "$arg" "$val"
		if [[ $cur == --*=* ]]; then
			COMPREPLY=("${COMPREPLY[@]/#/$opt=}")
		fi
		return 0
	fi
	# The value of an option that takes one in the next word.
	arg=$(printf '%s\n' "$spec" | awk -v o="$prev" '$1 == o && NF == 2 { print $2 }')
	if [[ -n $arg ]]; then
		_adkev_values "$arg" "$cur"
		return 0
	fi
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(printf '%s\n' "$spec" | awk '{ print $1 }')" -- "$cur"))
		return 0
	fi
	compopt -o filenames 2>/dev/null
	COMPREPLY=($(compgen -f -- "$cur"))
	return 0
}

complete -F _adkev adkev
