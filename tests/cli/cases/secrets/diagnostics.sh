# No diagnostic echoes an input line or a field value: every line of
# hostile-lines.txt hides a marker (S3CR3T-n) in a value, a key, a token,
# a critic verdict or an A2A field, and every command reads them all.
# Standard error must hold positions and field names only.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) || exit 1
for c in final reasoning trajectory state critic "critic --strict" to-a2a from-a2a partition stats "show --color=never"; do
	adkev $c --skip-invalid hostile-lines.txt >/dev/null 2>>"$t"/err
	echo "$c --skip-invalid: status $?"
	adkev $c hostile-lines.txt >/dev/null 2>>"$t"/err
	echo "$c: status $?"
done
echo "diagnostics: $(wc -l <"$t"/err | tr -d ' ') lines"
echo "with a marker: $(grep -c S3CR3T "$t"/err)"
echo "not in the adkev: form: $(grep -vc '^adkev: ' "$t"/err)"
rm -rf "$t"
