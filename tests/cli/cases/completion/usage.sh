# adkev completion SHELL: one shell, bash, zsh or fish; anything else is a usage error.
adkev completion; echo "exit $?"
adkev completion tcsh; echo "exit $?"
adkev completion bash zsh; echo "exit $?"
adkev completion --help; echo "exit $?"
# The scripts are valid shell: bash parses its own.
adkev completion bash | bash -n && echo "bash: parses"
# One command, one table: every command adkev --help lists has a case in each script.
for shell in bash zsh; do
	script=$(adkev completion $shell)
	for cmd in $(adkev --help | sed -n '/^Commands:/,/^$/s/^  \([a-z0-9_-]*\) .*/\1/p'); do
		printf '%s\n' "$script" | grep -q "^	*'*$cmd'*)$" || echo "$shell: no case for $cmd"
	done
done
