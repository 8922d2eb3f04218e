version=$(adkev --version) || echo "exit $?"
printf '%s\n' "$version" | sed 's/[0-9][0-9.]*/VERSION/'
