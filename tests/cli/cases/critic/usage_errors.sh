# Usage errors: 64.
adkev critic --min-score high /dev/null; echo "exit $?"
adkev critic --min-score nan /dev/null; echo "exit $?"
adkev critic --min-score; echo "exit $?"
adkev critic --strictly /dev/null; echo "exit $?"
# -r and -e: the verdict is an object, printed as JSON; -e is 0 for it.
adkev critic -r -e "$CORPUS"/adkjs/e_sequential_critic.jsonl; echo "exit $?"
adkev critic --help | head -n 3
