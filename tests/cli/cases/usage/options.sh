# Each command's options, three ways, must agree:
#   listed    the option lines of `adkev CMD --help`;
#   accepted  what the binary takes, probed by running it: every short letter
#             a-z, A-Z, 0-9, and every long name through its prefixes (a
#             prefix is unknown, ambiguous with the names it could be, or
#             names one option, whose whole name the option's own usage
#             error gives back: "takes no value" for --flag=x, "needs a
#             value" for a bare --name);
#   SYNOPSIS  the Fl names of the SYNOPSIS of man/adkev-CMD.1 (adkev.1 for
#             adkev's own options), which must be those of --help's usage
#             line: an option's short letter when it has one, else its long
#             name, every option but the aliases ("the same as --color").
# Every difference is printed; a command where all three agree prints "ok".
# What the probes cannot see: a second name of one option (an alias) left out
# of --help while it shares a prefix with the name listed, as getopt_long()
# takes such a prefix without a word; and the whole name of an option with an
# optional value, which no usage error spells back.
man=$TESTS/../man
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# How the binary takes `adkev CMD ARGS...`: unknown, ambiguous: NAMES,
# novalue: NAME, needsvalue: NAME, or accepted (from its first message).
nl='
'
probe() {
	err=$(adkev "$@" </dev/null 2>&1 >/dev/null)
	err=${err%%"$nl"*}
	err=${err%"; try '"*}
	case $err in
	*"unknown option"*) echo unknown ;;
	*"is ambiguous (it could be "*)
		err=${err#*could be }
		echo "ambiguous: $(echo "${err%)}" | tr -d ,)" ;;
	*"' takes no value"*)
		err=${err%"' takes no value"}
		echo "novalue: ${err##*\'}" ;;
	*"' needs a value"*)
		err=${err%"' needs a value"}
		echo "needsvalue: ${err##*\'}" ;;
	*) echo accepted ;;
	esac
}

# The option lines of a help text as "NAME KIND" (flag, value, optional,
# alias), one per name: "-r flag", "--raw-output flag", "--color optional".
# A value's name follows the last name of its line, after one space.
listed() {
	sed -n '/^  *-/p' | awk '{
		line = $0; sub(/^ +/, "", line)
		n = 0
		while (match(line, /^--?[A-Za-z0-9][A-Za-z0-9-]*/)) {
			names[++n] = substr(line, 1, RLENGTH); line = substr(line, RLENGTH + 1)
			if (substr(line, 1, 2) != ", ") break
			line = substr(line, 3)
		}
		kind = "flag"
		if ($0 ~ /the same as --/) kind = "alias"
		else if (line ~ /^\[/) kind = "optional"
		else if (line ~ /^ [^ ]/) kind = "value"
		for (i = 1; i <= n; i++) print names[i], kind
	}'
}

# The names a usage line (its first paragraph) or a SYNOPSIS gives, one per line.
usage_names() {
	sed -n '1,/^$/p' | tr ' ' '\n' | sed -n 's/^\[\(-[^]]*\)\]*$/\1/p; s/^\[\(-[^] []*\)$/\1/p' |
		sed 's/\[.*//' | awk '/^--/ { print; next }
		{ for (i = 2; i <= length($0); i++) print "-" substr($0, i, 1) }' | sort -u
}
synopsis_names() {
	awk '/^\.Sh SYNOPSIS/ { on = 1; next } /^\.Sh/ { on = 0 } on' "$1" | awk '{
		for (i = 1; i < NF; i++) if ($i == "Fl" || $i == ".Fl") {
			n = $(i + 1); gsub(/[,|]$/, "", n)
			if (n ~ /^\\-/) print "--" substr(n, 3)
			else for (j = 1; j <= length(n); j++) print "-" substr(n, j, 1)
		}
	}' | sort -u
}

# Every long name that begins with $2, from the binary, checked against the
# listed ones ($list holds "NAME KIND" lines).
check_prefix() {
	cmd=$1 prefix=$2
	want=$(printf '%s\n' "$list" | awk -v p="--$prefix" 'index($1, p) == 1 { print $1 }' | sort)
	got=$(probe $cmd "--$prefix")
	case $got in
	unknown)
		[ -z "$want" ] || echo "$name: listed but not accepted:" $want ;;
	ambiguous:*)
		got=$(echo "${got#ambiguous: }" | tr ' ' '\n' | sort)
		[ "$got" = "$want" ] || echo "$name: --$prefix could be" $got "but --help lists" $want ;;
	*)
		n=$(printf '%s\n' "$want" | grep -c .)
		if [ "$n" -eq 0 ]; then
			echo "$name: --$prefix is accepted but no listed option begins so"
		elif [ "$n" -gt 1 ]; then
			# One option under several names (an alias): tell them apart further.
			for next in $(printf '%s\n' "$want" | cut -c$((${#prefix} + 3)) | sort -u); do
				(check_prefix "$cmd" "$prefix$next")
			done
		else
			whole "$cmd" "$prefix" "$want"
		fi ;;
	esac
}

# The one option that --$2 names must be $3, as the binary spells it back.
whole() {
	kind=$(printf '%s\n' "$list" | awk -v n="$3" '$1 == n { print $2 }')
	case $kind in
	flag) back=$(probe $1 "--$2=x") ;;
	value) back=$(probe $1 "--$2") ;;
	*) return ;; # an optional value is never asked for: the name cannot be read back
	esac
	[ "$back" = "novalue: $3" ] || [ "$back" = "needsvalue: $3" ] ||
		echo "$name: --$2 is taken as '${back#*: }', but --help lists $3"
}

# Says what the sorted lists $1 and $2 disagree on, $2 being what $3 names
# and $1 what $4 names.
differ() {
	printf '%s\n' "$1" >"$work/$name.a"
	printf '%s\n' "$2" >"$work/$name.b"
	lacks=$(comm -23 "$work/$name.a" "$work/$name.b")
	extra=$(comm -13 "$work/$name.a" "$work/$name.b")
	[ -z "$lacks" ] || echo "$name: $3 lacks what $4 names:" $lacks
	[ -z "$extra" ] || echo "$name: $3 names what $4 does not:" $extra
}

check() {
	name=${1:-adkev} page=$man/adkev${1:+-$1}.1
	help=$(adkev $1 --help) || echo "$name: --help exits $?"
	list=$(printf '%s\n' "$help" | listed)
	problems=$(
		# Each listed name is accepted, and a short letter is accepted iff listed.
		for letter in a b c d e f g h i j k l m n o p q r s t u v w x y z \
			A B C D E F G H I J K L M N O P Q R S T U V W X Y Z 0 1 2 3 4 5 6 7 8 9; do
			listed_short=$(printf '%s\n' "$list" | grep -c -- "^-$letter ")
			if [ "$(probe $1 "-$letter")" = unknown ]; then
				[ "$listed_short" -eq 0 ] || echo "$name: -$letter is listed but not accepted"
			else
				[ "$listed_short" -eq 1 ] || echo "$name: -$letter is accepted but not listed"
			fi
		done
		for first in a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9; do
			check_prefix "$1" "$first"
		done
		# The usage line names each option but the aliases, and the SYNOPSIS the same.
		keys=$(printf '%s\n' "$help" | sed -n '/^  *-/p' | grep -v 'the same as --' |
			sed 's/^ *\(--*[A-Za-z0-9][A-Za-z0-9-]*\).*/\1/' | sort -u)
		usage=$(printf '%s\n' "$help" | usage_names)
		differ "$keys" "$usage" "the usage line" "the option list"
		if [ ! -f "$page" ]; then
			echo "$name: no manual page $(basename "$page")"
		else
			differ "$usage" "$(synopsis_names "$page")" \
				"$(basename "$page")'s SYNOPSIS" "the usage line"
		fi
	)
	echo "${problems:-$name: ok}"
}

# The commands are checked side by side, and reported in order.
i=0
for cmd in "" $(adkev --help | sed -n '/^Commands:/,/^$/s/^  \([a-z0-9_-]*\) .*/\1/p'); do
	i=$((i + 1))
	check "$cmd" >"$work/$i.out" &
done
wait
j=0
while [ $j -lt $i ]; do
	j=$((j + 1))
	cat "$work/$j.out"
done
