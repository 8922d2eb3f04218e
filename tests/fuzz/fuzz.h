/*
 * fuzz.h - what the fuzz targets share: an input held in a file the reader
 * (and SQLite) can open by name, quiet standard streams, and a way to run one
 * subcommand over the input as the command line would.
 *
 * Each tests/fuzz/fuzz_<name>.c defines LLVMFuzzerTestOneInput().  Built
 * with clang -fsanitize=fuzzer it is a libFuzzer target (make fuzz); built
 * with replay.c instead it is a plain program that runs the target over
 * files, so make check replays every kept crash input without clang.
 */
#ifndef ADKEV_FUZZ_H
#define ADKEV_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "command.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Sends adkev's own standard output and standard error to /dev/null
 * (ADKEV_FUZZ_VERBOSE=1 keeps them), routes jansson through xmalloc, and
 * does the rest of what main() does before a command runs.  The sanitizers
 * and libFuzzer write to file descriptor 2 directly, so their reports stay.
 */
void fuzz_init(void);

/*
 * Puts data[0..size) in input file slot (0 or 1), a file in a private
 * temporary folder removed at exit, and returns its path.  The file holds
 * that input until the slot is filled again.
 */
const char *fuzz_file(int slot, const uint8_t *data, size_t size);

/*
 * Runs cmd with the NULL-terminated options, then the operands, as
 * "adkev NAME OPTIONS... OPERANDS...", and returns what main() would exit
 * with.  Aborts on an exit status the contract does not have.
 */
int fuzz_run(const struct command *cmd, const char *const *options, const char *const *operands,
	     int noperands);

/*
 * Runs cmd over data once per option list in variants[0..count) (each list
 * NULL-terminated), the input as one file; returns the worst status seen.
 */
int fuzz_run_variants(const struct command *cmd, const char *const *const *variants, int count,
		      const uint8_t *data, size_t size);

/*
 * A directory for partition --split to write into, "out", alone in a
 * private folder (*parent, when asked for), so that a file written beside
 * it has escaped it.  Made by the first call, both removed at exit once the
 * target has emptied "out".
 */
const char *fuzz_split_dir(const char **parent);

/*
 * Sends what adkev writes to standard output and to standard error into
 * memory until fuzz_capture_end(), which returns standard output's text;
 * fuzz_captured_stderr() then returns standard error's.  Both stay valid
 * until the next capture begins.
 */
void fuzz_capture_begin(void);
const char *fuzz_capture_end(size_t *len);
const char *fuzz_captured_stderr(size_t *len);

/* Writes to the real standard error, where a failed check's report goes (fuzz_fail()). */
void fuzz_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Aborts with a message naming the target when cond is false. */
#define FUZZ_CHECK(cond)                                                                           \
	((cond) ? (void)0 : fuzz_fail(__FILE__, __LINE__, #cond))
void fuzz_fail(const char *file, int line, const char *what) __attribute__((noreturn));

#endif
