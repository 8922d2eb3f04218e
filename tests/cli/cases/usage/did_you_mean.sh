# An unknown command names the nearest commands, as git's "did you mean"
# does: a swap of two letters is one edit; a word far from every command
# gets no suggestion.
adkev fianl; echo "status $?"
adkev stat; echo "status $?"
adkev to-a2; echo "status $?"
adkev frobnicate; echo "status $?"
# So does help's, and an unknown long option names the nearest options of
# its command (aliases too), on the line that says it is unknown.
adkev help fianl; echo "status $?"
for args in "final --per-invocaton" "final --per-invocation --skip-invalidd" "show --colr" \
	"stats --frobnicate"; do
	# The first line of the message; the usage lines after it are usage_errors' to show.
	msg=$(adkev $args x.jsonl 2>&1 >/dev/null); echo "status $?"
	echo "$msg" | head -1
done
adkev --verison; echo "status $?"
