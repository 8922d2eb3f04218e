# A million tiny events, streamed in constant memory: final reads them all,
# partition passes every one through.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
yes '{"author":"a"}' | head -n 1000000 >million.tmp
adkev final million.tmp; echo "status $?"
adkev partition million.tmp | tr ',' '\n' | grep -c '"author":"a"'
cd / && rm -rf "$t"
