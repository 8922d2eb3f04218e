# An unknown command names the nearest commands, as git's "did you mean"
# does: a swap of two letters is one edit; a word far from every command
# gets no suggestion.
adkev fianl; echo "status $?"
adkev stat; echo "status $?"
adkev to-a2; echo "status $?"
adkev frobnicate; echo "status $?"
