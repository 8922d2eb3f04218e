# A line with no end does not grow until memory runs out: a line whose
# first byte is a control character (/dev/zero) is given up at once, and one
# longer than --max-line is given up at its start; either ends the read of
# its operand with 65 (-j workers, standard input and the backward read of
# final too).
timeout 20 adkev stats -j 1 /dev/zero >/dev/null; echo "stats -j 1 /dev/zero: status $?"
timeout 20 adkev final -j 2 /dev/zero >/dev/null; echo "final -j 2 /dev/zero: status $?"
timeout 20 adkev stats -j 2 </dev/zero >/dev/null; echo "stats -j 2 </dev/zero: status $?"
# A silent pipe behind the line given up is not waited for: the workers'
# reading thread is told to stop reading it.
rm -f fifo; mkfifo fifo
(printf '\001'; exec sleep 30) >fifo & writer=$!
timeout 20 adkev stats -j 2 fifo >/dev/null; echo "silent pipe: status $?"
kill $writer 2>/dev/null; rm -f fifo
# With --skip-invalid a line past the limit is skipped as its bytes come, in
# constant memory, and the read goes on after its end (an endless one is
# read while it lasts); the other operands are read too.
for j in 1 2; do
	head -c 20000000 /dev/zero | timeout 20 adkev stats --skip-invalid --max-line 1K -j $j | cut -c1-12
done
echo "skip: status $?"
{
	printf '%s\n' '{"author":"a","content":{"parts":[{"text":"ok"}]}}'
	printf '{"author":"b","content":{"parts":[{"text":"'
	i=0; while [ $i -lt 40 ]; do printf 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; i=$((i + 1)); done
	printf '"}]}}\n'
} >long.jsonl
adkev final -r --max-line 1K long.jsonl; echo "file: status $?"
adkev final -r --max-line 1K -j 2 <long.jsonl; echo "stdin -j 2: status $?"
adkev final -r --max-line 3K long.jsonl | wc -c; echo "3K: status $?"
# The long line skipped, from a file and through a pipe, with and without
# workers, with CRLF line ends: the lines after it are read and counted.
{ cat long.jsonl; printf '%s\n' '{"author":"c","content":{"parts":[{"text":"after"}]}}' '{'; } |
	sed 's/$/\r/' >long2.jsonl
for j in 1 2; do
	adkev final --concat --max-line 1K --skip-invalid -j $j long2.jsonl long2.jsonl; echo "skip -j $j: status $?"
	cat long2.jsonl | adkev final --concat --max-line 1K --skip-invalid -j $j; echo "skip stdin -j $j: status $?"
done
rm -f long2.jsonl
adkev to-a2a --max-line 1x long.jsonl; echo "bad size: status $?"
# A blank and a sign are no digits: " -1" would wrap to 16 EiB.
adkev stats --max-line ' -1' long.jsonl 2>/dev/null; echo "' -1': status $?"
adkev stats --max-line +2K long.jsonl 2>/dev/null; echo "'+2K': status $?"
# The message is the one the whole line gets, however the pipe splits it.
(printf '  \001x'; sleep 0.2; printf 'y\n') | adkev stats >/dev/null
printf '  \001xy\n' | adkev stats >/dev/null
rm -f long.jsonl
