/*
 * chunk_files.c - the operands of a run in chunks opened (regular files of
 * plain text, standard input, gzip and zstd data), and the places where
 * their text may be cut into chunks (chunks.h): at line ends, before a
 * line that opens a value or after a blank line, or before an element of
 * an indented array.
 */
#include "read/chunks_int.h"
#include "read/framer.h"
#include "read/sessiondb.h"
#include "read/source.h"
#include "util.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

size_t chunk_cut(const char *p, size_t n, size_t from)
{
	for (size_t i = from; i < n; i++) {
		const char *nl = memchr(p + i - 1, '\n', n - i);
		if (!nl)
			return 0;
		i = (size_t)(nl - p) + 1;
		if (i >= n)
			return 0;
		unsigned char next = (unsigned char)p[i];
		bool blank_before = p[i - 2] == '\n' || (p[i - 2] == '\r' && p[i - 3] == '\n');
		if (next != 0xEF && (next == '{' || next == '[' || blank_before))
			return i;
	}
	return 0;
}

size_t chunk_cut_indented(const char *p, size_t n, size_t from, const char *indent, size_t len)
{
	for (size_t i = from; i < n; i++) {
		const char *nl = memchr(p + i - 1, '\n', n - i + 1);
		if (!nl)
			return 0;
		i = (size_t)(nl - p) + 1;
		if (i + len >= n)
			return 0;
		if (memcmp(p + i, indent, len) == 0 && p[i + len] == '{')
			return i;
	}
	return 0;
}

size_t chunk_bytes(bool *set)
{
	const char *env = getenv("ADKEV_CHUNK_BYTES");
	char *end;
	unsigned long long n = env ? strtoull(env, &end, 10) : 0;
	bool given = env && *env && !*end && n > 0;
	if (set)
		*set = given;
	return given ? (size_t)n : CHUNK_BYTES_DEFAULT;
}

/*
 * Whether the plain text of fd starts with "[" (after white space and a
 * byte-order mark): one JSON array, as a recorded run often is.  Its
 * elements span every chunk, so the chunks after the first are read as
 * starting inside it, after an element's ',' (reader_options' in_array).
 * The guess is checked at the merge: a chunk stands only where the read
 * of the chunk before stopped inside the array at its very start.  A file
 * of lines that are arrays is taken for one too; its chunks are read again
 * from where the merge is, as they would be with no guess.
 */
static bool starts_one_array(struct chunk_file *f)
{
	char head[4096];
	ssize_t n = pread(f->fd, head, sizeof head, 0);
	ssize_t i = n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	i += (ssize_t)framer_skip_space(head + i, 0, (size_t)(n > i ? n - i : 0));
	if (i >= n || head[i] != '[')
		return false;
	/* The first element's indent: what lies between its line's start and its '{'. */
	ssize_t element = i + 1 + (ssize_t)framer_skip_space(head + i + 1, 0, (size_t)(n - i - 1));
	ssize_t line = element;
	while (line > i + 1 && head[line - 1] != '\n')
		line--;
	size_t len = (size_t)(element - line);
	bool indented = element < n && head[element] == '{' && head[line - 1] == '\n' &&
	                len < sizeof f->indent;
	f->indent_len = indented ? len : 0;
	memcpy(f->indent, head + line, f->indent_len);
	return true;
}

/*
 * Opens operand to be read in chunks: a regular file that no other kind of
 * input claims (a file of plain text, or a stream of gzip or zstd data this
 * adkev decodes), or standard input.  Not a FIFO, which the open would wait
 * on, nor a directory.
 */
static bool open_operand(const char *operand, struct chunk_file *f)
{
	struct stat st;
	*f = (struct chunk_file){.name = operand, .fd = -1};
	if (strcmp(operand, "-") == 0) {
		if (fstat(0, &st) != 0 || S_ISDIR(st.st_mode))
			return false;
		/*
		 * A pipe of 64 KiB wakes the reading thread and the writer every
		 * 64 KiB: a larger one (where the system allows it) lets each read
		 * take more at a time.  Nothing else changes if it cannot be had.
		 */
		if (S_ISFIFO(st.st_mode))
			(void)fcntl(0, F_SETPIPE_SZ, 1 << 20);
		int status = 0;
		f->in = input_kind_of(operand, NULL)->open(operand, &(struct input_how){0}, &status);
		return f->in != NULL;
	}
	/* Asked before the open, which would wait for a FIFO's writer. */
	if (stat(operand, &st) != 0 || !S_ISREG(st.st_mode) || sessiondb_claims(operand))
		return false;
	int fd = open(operand, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	enum source_kind kind = SOURCE_PLAIN;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    ((kind = source_sniff_fd(fd)) != SOURCE_PLAIN && !source_can_read(kind))) {
		close(fd);
		return false;
	}
	if (kind == SOURCE_PLAIN) {
		f->fd = fd;
		f->array = starts_one_array(f);
		f->size = (unsigned long long)st.st_size;
	} else {
		f->in = input_of_fd(fd, operand, operand, false, false);
		f->size = (unsigned long long)st.st_size;
	}
	return true;
}

struct chunk_files *chunk_files_open(char *const *operands, int count, bool streams)
{
	static char *const stdin_operand[] = {"-"};
	if (count == 0) {
		operands = stdin_operand;
		count = 1;
	}
	struct chunk_files *f = xcalloc(1, sizeof *f);
	f->list = xcalloc((size_t)count, sizeof *f->list);
	for (; f->count < count; f->count++) {
		struct chunk_file *file = &f->list[f->count];
		if (!open_operand(operands[f->count], file) || (file->in && !streams)) {
			if (file->in)
				f->count++;
			chunk_files_free(f);
			return NULL;
		}
		f->total += file->size;
		f->streams |= file->in != NULL;
	}
	bool set;
	chunk_bytes(&set);
	if (!set && !f->streams && f->total < CHUNK_MIN_INPUT) {
		chunk_files_free(f);
		return NULL;
	}
	return f;
}

void chunk_files_free(struct chunk_files *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->count; i++) {
		if (f->list[i].fd >= 0)
			close(f->list[i].fd);
		input_close(f->list[i].in);
	}
	free(f->list);
	free(f);
}
