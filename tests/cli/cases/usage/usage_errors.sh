# Usage errors: one message, the usage line, exit 64; option values are never echoed
# (adkev with no command at all: no_command.sh).
adkev frobnicate; echo "status $?"
adkev --frobnicate; echo "status $?"
adkev help frobnicate; echo "status $?"
adkev final --nope; echo "status $?"
adkev final --api-key=sk-SECRET; echo "status $?"
adkev final -x; echo "status $?"
adkev final --author; echo "status $?"
adkev reasoning --concat; echo "status $?"
