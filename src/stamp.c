/*
 * stamp.c - RFC 3339 times read as seconds since the epoch, and version 4
 * UUIDs from the kernel's random bytes.
 *
 * A UUID's bytes come from getrandom(2), else from /dev/urandom.  Where
 * neither gives any (a seccomp filter that refuses getrandom in a chroot
 * without /dev, say) they come from the clocks, the process id and a count
 * of this process's ids instead.  That is sound for what adkev's ids are
 * for: an event or message id must differ from every other one, never be
 * secret, and those inputs keep ids apart within a process, between the
 * processes running at once and across time.  So making an id cannot
 * fail, and no command has an error to report for it.
 */
#include "stamp.h"

#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <math.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------- times */

/* Reads exactly n digits at *p and moves past them. */
static bool digits(const char **p, int n, long *out)
{
	long v = 0;
	for (int i = 0; i < n; i++) {
		char c = (*p)[i];
		if (c < '0' || c > '9')
			return false;
		v = v * 10 + (c - '0');
	}
	*p += n;
	*out = v;
	return true;
}

/* Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm). */
static long days_from_civil(long y, long m, long d)
{
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* "YYYY-MM-DD" and the separator after it, as days since the epoch. */
static bool full_date(const char **p, long *days)
{
	long y, mo, d;
	if (!digits(p, 4, &y) || *(*p)++ != '-' || !digits(p, 2, &mo) || *(*p)++ != '-' ||
	    !digits(p, 2, &d))
		return false;
	if (mo < 1 || mo > 12 || d < 1 || d > 31)
		return false;
	char sep = *(*p)++;
	if (sep != 'T' && sep != 't' && sep != ' ')
		return false;
	*days = days_from_civil(y, mo, d);
	return true;
}

/*
 * "hh:mm:ss" (ss up to 60, for a leap second) and any fraction after it: the
 * whole seconds into the day, and the fraction apart, as only it is inexact.
 */
static bool partial_time(const char **p, long *seconds, double *fraction)
{
	long h, mi, se;
	if (!digits(p, 2, &h) || *(*p)++ != ':' || !digits(p, 2, &mi) || *(*p)++ != ':' ||
	    !digits(p, 2, &se))
		return false;
	if (h > 23 || mi > 59 || se > 60)
		return false;
	double frac = 0, scale = 0.1;
	if (**p == '.') {
		(*p)++;
		if (**p < '0' || **p > '9')
			return false;
		while (**p >= '0' && **p <= '9') {
			frac += (*(*p)++ - '0') * scale;
			scale /= 10;
		}
	}
	*seconds = h * 3600 + mi * 60 + se;
	*fraction = frac;
	return true;
}

/* "Z" or "+hh:mm" / "-hh:mm": the seconds the local time is ahead of UTC. */
static bool time_offset(const char **p, long *offset)
{
	char c = *(*p)++;
	if (c == 'Z' || c == 'z') {
		*offset = 0;
		return true;
	}
	long oh, om;
	if ((c != '+' && c != '-') || !digits(p, 2, &oh) || *(*p)++ != ':' || !digits(p, 2, &om) ||
	    oh > 23 || om > 59)
		return false;
	*offset = (c == '-' ? -1 : 1) * (oh * 3600 + om * 60);
	return true;
}

bool stamp_parse_rfc3339(const char *s, double *seconds)
{
	const char *p = s;
	long days, in_day, offset;
	double fraction;
	if (!s || !full_date(&p, &days) || !partial_time(&p, &in_day, &fraction) ||
	    !time_offset(&p, &offset) || *p)
		return false;
	*seconds = (double)(days * 86400 + in_day - offset) + fraction;
	return true;
}

/* "+01", "+0100" or "+01:00" (c the sign): the seconds ahead of UTC. */
static bool db_offset(const char **p, char c, long *offset)
{
	long oh, om = 0;
	if (!digits(p, 2, &oh) || oh > 23)
		return false;
	if (**p == ':')
		(*p)++;
	if (**p >= '0' && **p <= '9' && (!digits(p, 2, &om) || om > 59))
		return false;
	*offset = (c == '-' ? -1 : 1) * (oh * 3600 + om * 60);
	return true;
}

/* What may follow the time: an offset, a zone name, Go's " m=..."; *local when no offset. */
static bool db_zone(const char *p, long *offset, bool *local)
{
	*local = true;
	if (*p == ' ')
		p++;
	char c = *p;
	if (c == 'Z' || c == 'z') {
		*offset = 0;
		*local = false;
		p++;
	} else if (c == '+' || c == '-') {
		p++;
		if (!db_offset(&p, c, offset))
			return false;
		*local = false;
	}
	/* A zone's name ("CET", "UTC") and the monotonic clock are words after a space. */
	while (*p == ' ') {
		p++;
		while (*p && *p != ' ')
			p++;
	}
	return *p == '\0';
}

/* The seconds since the epoch of days and in_day read as the local time. */
static double local_seconds(long days, long in_day)
{
	time_t t = (time_t)(days * 86400 + in_day);
	struct tm tm;
	gmtime_r(&t, &tm);
	tm.tm_isdst = -1;
	return (double)mktime(&tm);
}

double stamp_seconds_of_number(double number)
{
	return number > 1e11 ? number / 1000 : number;
}

bool stamp_parse_db_time(const char *s, bool naive_local, double *seconds)
{
	if (!s || !*s)
		return false;
	char *end;
	double number = strtod(s, &end);
	/* strtod() stops at a date's first '-': a whole number is a number. */
	if (end != s && *end == '\0' && ((s[0] >= '0' && s[0] <= '9') || s[0] == '.')) {
		*seconds = stamp_seconds_of_number(number);
		return true;
	}
	const char *p = s;
	long days, in_day, offset = 0;
	double fraction;
	bool local;
	if (!full_date(&p, &days) || !partial_time(&p, &in_day, &fraction) ||
	    !db_zone(p, &offset, &local))
		return false;
	if (local && naive_local)
		*seconds = local_seconds(days, in_day) + fraction;
	else
		*seconds = (double)(days * 86400 + in_day - offset) + fraction;
	return true;
}

/* ------------------------------------------------------------------- UUIDs */

/* Fills b[0..n) from the kernel's random source; false when it gives none. */
static bool kernel_random(unsigned char *b, size_t n)
{
	size_t got = 0;
	while (got < n) {
		ssize_t r = getrandom(b + got, n - got, 0);
		if (r > 0)
			got += (size_t)r;
		else if (r == 0 || errno != EINTR)
			break;
	}
	if (got == n)
		return true;
	/* No getrandom (an old kernel, a filter): the device it stands for. */
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t r = read(fd, b, n);
	close(fd);
	return r == (ssize_t)n;
}

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void stamp_fallback_bytes(unsigned char bytes[16])
{
	/* Atomic: to-a2a's -j workers make ids at once. */
	static atomic_uint_fast64_t made;
	uint64_t count = atomic_fetch_add(&made, 1);
	/*
	 * The first half tells ids apart within the process and from the other
	 * processes running now: a process id (below 2^22 on Linux) above a
	 * count (below 2^40), through a bijection.  The second half tells them
	 * apart from a later process given the same id, and from other machines:
	 * the wall clock, the time since boot and where the stack lies.
	 */
	uint64_t first = mix64((uint64_t)getpid() << 40 ^ count);
	uint64_t second = mix64(clock_ns(CLOCK_REALTIME) ^
	                        mix64(clock_ns(CLOCK_MONOTONIC) + (uint64_t)(uintptr_t)&count));
	memcpy(bytes, &first, 8);
	memcpy(bytes + 8, &second, 8);
}

void stamp_uuid_of_bytes(const unsigned char bytes[16], char out[STAMP_UUID_SIZE])
{
	static const char hex[] = "0123456789abcdef";
	char *p = out;
	for (int i = 0; i < 16; i++) {
		unsigned char b = bytes[i];
		if (i == 6)
			b = (unsigned char)((b & 0x0f) | 0x40); /* version 4 */
		else if (i == 8)
			b = (unsigned char)((b & 0x3f) | 0x80); /* the RFC 9562 variant */
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*p++ = '-';
		*p++ = hex[b >> 4];
		*p++ = hex[b & 15];
	}
	*p = '\0';
}

void stamp_uuid(char out[STAMP_UUID_SIZE])
{
	unsigned char b[16];
	if (!kernel_random(b, sizeof b))
		stamp_fallback_bytes(b);
	stamp_uuid_of_bytes(b, out);
}

char *stamp_time_text(bool utc, bool known, double t)
{
	char buf[64];
	/* A time past some 30,000 years (a hostile 1e300, say) does not fit a time_t. */
	known = known && t > -1e12 && t < 1e12;
	time_t secs = known ? (time_t)t : 0;
	struct tm tm;
	bool ok = known && (utc ? gmtime_r(&secs, &tm) : localtime_r(&secs, &tm));
	if (!ok || !strftime(buf, sizeof buf, utc ? "%Y-%m-%d %H:%M:%S UTC" : "%Y-%m-%d %H:%M:%S %Z",
	                     &tm))
		snprintf(buf, sizeof buf, "-");
	return xstrdup(buf);
}
