/*
 * replace.c - a file written whole or not at all (replace.h).
 */
#include "write/replace.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool replacement_open(struct replacement *r, const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
	struct strbuf tmp = STRBUF_INIT;
	strbuf_add(&tmp, path, dir);
	strbuf_addf(&tmp, ".%s.adkev-%ld.tmp", path + dir, (long)getpid());
	int fd = open(tmp.buf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0) {
		int saved = errno;
		strbuf_release(&tmp);
		errno = saved;
		return false;
	}
	/* The file replaced keeps its mode: a set under version control stays as it was. */
	struct stat old;
	if (stat(path, &old) == 0 && S_ISREG(old.st_mode))
		(void)fchmod(fd, old.st_mode & 07777);
	*r = (struct replacement){.path = xstrdup(path), .tmp = tmp.buf, .fd = fd};
	return true;
}

void replacement_write(struct replacement *r, const char *p, size_t n)
{
	size_t done = 0;
	while (!r->error && done < n) {
		ssize_t k = write(r->fd, p + done, n - done);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			r->error = errno;
		else
			done += (size_t)k;
	}
}

int replacement_commit(struct replacement *r)
{
	/* A file system that cannot sync (a pipe's EINVAL, a read-only one's EROFS) is no failure.
	 */
	if (!r->error && fsync(r->fd) != 0 && errno != EINVAL && errno != EROFS)
		r->error = errno;
	if (close(r->fd) != 0 && !r->error)
		r->error = errno;
	r->fd = -1;
	if (!r->error && rename(r->tmp, r->path) != 0)
		r->error = errno;
	if (!r->error) {
		free(r->tmp);
		r->tmp = NULL;
	}
	return r->error;
}

void replacement_release(struct replacement *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
	if (r->tmp)
		unlink(r->tmp);
	free(r->tmp);
	free(r->path);
	r->tmp = r->path = NULL;
}
