/*
 * fuzz_stage.c - the structural stage's three paths against a byte-by-byte
 * reading, and the scanner on each path against the scanner without it and
 * against jansson, on any bytes.
 *
 * For the input as one buffer and for each of its lines, on every path
 * this CPU has (scalar, SSE2, AVX2): the stops are those a byte-by-byte
 * reading finds until the stage doubts, and it doubts, read to the end,
 * exactly where the bytes hold bad UTF-8; and with every member built and
 * with final's members, the scanner accepts and refuses what it does with
 * the stage off and what json_loadb() does, ends where jansson ends and
 * builds the same value as with the stage off.
 */
#include "fuzz.h"

#include "adk/event.h"
#include "read/scan.h"
#include "read/stage.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Whether p[0..n) is all well-formed UTF-8, a sequence at a time. */
static bool utf8_whole(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t len = p[i] < 0x80 ? 1 : utf8_length(p + i, n - i);
		if (!len)
			return false;
		i += len;
	}
	return true;
}

/* The stops of p[0..n), found one byte at a time. */
static bool is_stop(const unsigned char *p, size_t i, bool *escaped)
{
	bool stop = p[i] < 0x20 || (!*escaped && (p[i] == '"' || p[i] == '\\'));
	*escaped = !*escaped && p[i] == '\\';
	return stop;
}

static void check_stops(const unsigned char *p, size_t n)
{
	struct stage st;
	if (!stage_init(&st, (const char *)p, n))
		return;
	bool escaped = false, doubted = false;
	for (size_t want = 0;; want++) {
		size_t from = want;
		while (want < n && !is_stop(p, want, &escaped))
			want++;
		size_t got = stage_next_stop(&st, from);
		doubted = got == STAGE_DOUBT;
		FUZZ_CHECK(doubted || got == want);
		if (doubted || want >= n)
			break;
	}
	FUZZ_CHECK(doubted == !utf8_whole(p, n));
}

/* The scanner on the path in use: as with the stage off, and as jansson. */
static void check_scan(const char *p, size_t n, const struct adk_reads *reads, json_t *off,
                       size_t off_end, bool off_ok)
{
	json_t *got;
	size_t end;
	bool ok = scan_only(p, n, reads, &got, &end);
	FUZZ_CHECK(ok == off_ok);
	if (ok) {
		FUZZ_CHECK(end == off_end);
		FUZZ_CHECK(json_equal(got, off));
	}
	json_decref(got);
}

static void check_paths(const char *p, size_t n, const struct adk_reads *reads)
{
	json_error_t je;
	json_t *whole = json_loadb(p, n, SCAN_JSON_FLAGS, &je), *off;
	size_t off_end;
	stage_use(STAGE_OFF);
	bool off_ok = scan_only(p, n, reads, &off, &off_end);
	FUZZ_CHECK(off_ok == (whole != NULL));
	FUZZ_CHECK(!off_ok || off_end == (size_t)je.position);
	for (int path = STAGE_SCALAR; path <= STAGE_AVX2; path++) {
		if (!stage_use((enum stage_path)path))
			continue;
		check_scan(p, n, reads, off, off_end, off_ok);
		if (!reads)
			check_stops((const unsigned char *)p, n);
	}
	json_decref(off);
	json_decref(whole);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	enum stage_path was = stage_path();
	check_paths(p, size, NULL);
	check_paths(p, size, &adk_reads_final);
	for (size_t at = 0, lines = 0; at < size && lines < 64; lines++) {
		const char *nl = memchr(p + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - (p + at)) : size - at;
		check_paths(p + at, len, NULL);
		check_paths(p + at, len, &adk_reads_final);
		at += len + 1;
	}
	stage_use(was);
	return 0;
}
