# Sourced by the cases that follow a growing input (-f) and end the run with
# a signal (batch/follow_appends, batch/follow_rewrite, batch/per_file_folder,
# events/follow_db):
#
#   follow_start ARGS...   adkev ARGS in the background, its output in out
#                          and err; sets watch
#   until_true COMMAND     waits until COMMAND is true, at most 10 s
#   read_to_end FILE       whether adkev has read FILE to its end
#   follow_stop SIGNAL     sends SIGNAL to adkev's own process and prints
#                          "status N", adkev's exit status
#
# The signal goes to adkev's process once, and nothing else does.
# `timeout -s INT` would send it to the whole process group as well, then
# SIGCONT twice; a SIGCONT that lands while LeakSanitizer stops adkev's
# threads at exit takes back the SIGSTOP it waits for, and the run hangs
# (a clean-clone check-sanitize at b60a67b).  The timeout here is only a
# ceiling, SIGKILL after 60 s, for an adkev that never ends.

until_true() {
	i=0
	while ! eval "$1"; do
		i=$((i + 1))
		[ $i -gt 100 ] && { echo "gave up waiting for: $1"; return 1; }
		sleep 0.1
	done
}

# SIGINT at its default: a background job of a script would ignore it.  The
# background job empties out itself, maybe after the first look at it: the
# last run's out must not be there to be found.
follow_start() {
	rm -f out err
	real=
	env --default-signal=INT timeout -s KILL 60 adkev "$@" >out 2>err &
	watch=$!
}

# Sets real to adkev's own process, under timeout and the test's wrapper.
follow_find() {
	k=0
	until [ -n "$real" ] || { shim=$(pgrep -P $watch) && real=$(pgrep -P $shim); }; do
		k=$((k + 1))
		[ $k -gt 100 ] && { echo "gave up looking for adkev's process"; return 1; }
		sleep 0.1
	done
}

read_to_end() {
	follow_find || return 1
	for fd in /proc/$real/fd/*; do
		[ "$(readlink "$fd")" = "$PWD/$1" ] || continue
		[ "$(sed -n 's/^pos:[[:space:]]*//p' "/proc/$real/fdinfo/${fd##*/}")" = \
			"$(wc -c <"$1" | tr -d ' ')" ] && return 0
	done
	return 1
}

follow_stop() {
	follow_find || return 1
	kill -"$1" $real
	wait $watch
	echo "status $?"
}
