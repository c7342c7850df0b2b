/*
 * fsutil.h - reading inputs with a size bound and writing outputs
 * atomically. "-" means stdin / stdout.
 *
 * Ownership: read_input returns a malloc'd, NUL-terminated buffer that the
 * caller frees. Inputs are never modified.
 */
#ifndef UMPIRE_FSUTIL_H
#define UMPIRE_FSUTIL_H

#include <stddef.h>
#include <sys/types.h>
#include "umpire/error.h"
#include "umpire/strbuf.h"

/* Read a whole file (or stdin for "-"), refusing more than max bytes. */
int read_input(const char *path, size_t max, char **buf, size_t *len,
	       struct error *err);
/* n bytes of fd from offset off into buf, all of them: 0; -1 at an
 * error or the file's end before them. */
int read_at(int fd, void *buf, size_t n, size_t off);
/* len bytes of buf written to fd, all of them (a write cut short by a
 * signal, or partial, goes on): 0; -1 with errno at an error. write_at:
 * the same at offset off (pwrite(2): fd's offset left as it was). */
int write_all(int fd, const void *buf, size_t len);
int write_at(int fd, const void *buf, size_t len, size_t off);

/*
 * Write buf to path atomically: a temporary file (0600) in the same
 * directory, written, fsync'd, renamed over path, directory fsync'd. On
 * any failure the temporary file is removed and path is untouched. "-"
 * writes to stdout (flushed and checked). A file replaced keeps its
 * mode (narrowed to mode when mode is 0600); a new one gets mode less the
 * umask: 0600 for secret keys and whatever may hold hidden information
 * (game_output_mode, cli_write), else 0644.
 * With `exclusive`, an existing path is refused.
 */
int write_output(const char *path, const void *buf, size_t len, mode_t mode,
		 int exclusive, struct error *err);

/*
 * The same in two phases, for outputs committed together (a game file
 * and its report: both or neither): write_stage() writes each temporary
 * file, write_commit() renames them all (stdout last), write_abort()
 * removes what was staged. buf must live until the commit.
 */
enum staged_kind { STAGED_NONE, STAGED_FILE, STAGED_STDOUT, STAGED_SPECIAL };
struct staged {
	enum staged_kind kind;
	const char *path;
	char *tmp;
	int fd;                /* the temporary file, open until commit */
	const void *buf;
	size_t len;
	mode_t mode;
	int exclusive;
	char *own;             /* buf when the stage joined its parts */
};
int write_stage(struct staged *s, const char *path, const void *buf,
		size_t len, mode_t mode, int exclusive, struct error *err);
/* The same for a text in parts, written one after another (a game file
 * around its vouched prefix: the prefix not copied to be written);
 * the parts need not live until the commit. */
struct write_part {
	const void *buf;
	size_t len;
};
int write_stage_parts(struct staged *s, const char *path,
		      const struct write_part *parts, size_t n, mode_t mode,
		      int exclusive, struct error *err);
int write_commit(struct staged *s, size_t n, struct error *err);
void write_abort(struct staged *s, size_t n);

/*
 * Files that must be durable together before one rename (a step's game
 * file, the letters it owes and the local record's lines, all before
 * the game file takes its name): each written without its own
 * fsync(2), then one syncfs(2) of each file system they are on, where
 * each file would have cost its own journal commit. A file system
 * beyond SYNC_LATER_MAX is synced file by file, at once.
 */
#define SYNC_LATER_MAX 4
struct sync_later {
	int fd[SYNC_LATER_MAX];   /* one open descriptor a file system */
	dev_t dev[SYNC_LATER_MAX];
	size_t n;
};
void sync_later_init(struct sync_later *l);
/* fd's file (or directory) to be made durable by sync_later_run: 0, or
 * -1 with errno when it had to be synced at once and that failed. */
int sync_later_note(struct sync_later *l, int fd);
/* Every file noted made durable; the descriptors closed. */
int sync_later_run(struct sync_later *l, struct error *err);
/* What src notes noted in dst too (files of several steps made durable
 * by one sync_later_run of dst: the judge's LMTP server); src left
 * empty. 0, or -1 with errno as sync_later_note. */
int sync_later_take(struct sync_later *dst, struct sync_later *src);
void sync_later_free(struct sync_later *l);
/* write_stage, write_stage_parts and write_commit with the syncs left
 * to l (NULL: made at once, as those do): the staged files' bytes, and
 * the committed names' directories. */
int write_stage_later(struct staged *s, struct sync_later *l,
		      const char *path, const void *buf, size_t len,
		      mode_t mode, int exclusive, struct error *err);
int write_stage_parts_later(struct staged *s, struct sync_later *l,
			    const char *path, const struct write_part *parts,
			    size_t n, mode_t mode, int exclusive,
			    struct error *err);
int write_commit_later(struct staged *s, size_t n, struct sync_later *l,
		       struct error *err);
/* write_stage_parts_later into spare, a file of this user's (regular,
 * 0600 at most, not a link, no other name) left by keep_as_spare,
 * written over in place and cut to the parts' length, as the
 * temporary file that the commit renames to path; where there is
 * none, a new temporary file.
 * Only under a lock every writer of path and spare holds (the game's,
 * for a game's journal): no new inode is made, and none freed when the
 * commit's file is let go (keep_as_spare), where an unlink of its
 * written blocks costs a file system mounted with discard a wait for
 * the device. */
int write_stage_into_later(struct staged *s, struct sync_later *l,
			   const char *path, const char *spare,
			   const struct write_part *parts, size_t n,
			   mode_t mode, struct error *err);
/* path, a file done with, renamed to spare for write_stage_into_later
 * to write over, where there is no spare yet (else removed): 0 when
 * path is gone. */
int keep_as_spare(const char *path, const char *spare);

/*
 * A command's files, for io_distinct: `what` names the role in messages
 * ("game file", "-o", "--report").
 */
struct io_name {
	const char *what;
	const char *path;      /* NULL or "-": skipped */
};
/*
 * Refuse (EXIT_USAGE) an output that is one of the inputs or another
 * output: the same file by device and inode (hard links and symbolic
 * links included), or the same new name in the same directory. Devices
 * and pipes (/dev/null) may be named more than once.
 */
int io_distinct(const struct io_name *in, size_t n_in,
		const struct io_name *out, size_t n_out, struct error *err);

/*
 * Make sure a file can be written at path before any work (a passphrase,
 * say) is asked for: every missing directory on its way is made with
 * mode (0700 for a secret key's, as minisign does), and the directory
 * must be writable. Refused (EXIT_USAGE) naming the directory.
 */
int output_dir_ready(const char *path, mode_t mode, struct error *err);

/* Replace path with buf for a cache: a temporary file (0600) renamed
 * over it, its directories made 0700, nothing fsync'd (a cache lost in
 * a crash is rebuilt). -1 on any failure, nothing left behind; a cache
 * is never worth an error. */
int write_cache(const char *path, const void *buf, size_t len);
/* write_cache for a small cache of a fixed length whose readers and
 * writers all hold one lock (the local record's summary, GAME.sum):
 * a file of exactly len bytes (regular, this user's, 0600 at most,
 * not a link) written over in place, with no new inode, rename and
 * unlink; else write_cache. Not for a file read without that lock
 * (a read beside the write may see part of each) nor for more than a
 * sector's bytes (a crash may leave part of each). -1 on any failure. */
int rewrite_cache(const char *path, const void *buf, size_t len);
/* A cache that grows: path's first keep bytes are buf's already (an
 * index names them, and readers read no more than an index names): the
 * rest of buf written after them (past bytes a torn append left cut
 * first), nothing fsync'd. A file shorter than keep, or none, is
 * written whole as write_cache does. -1 on any failure. */
int append_cache(const char *path, const void *buf, size_t len,
		 size_t keep);
/* write_cache for a cache written whole at each save (a game's
 * checkpoint index): written over in place into spare, the file path
 * was before the last save, then the two exchanged in one rename
 * (renameat2(2), RENAME_EXCHANGE): a reader opens one or the other
 * whole, as after write_cache's rename (one still reading it when a
 * second save writes over it could read part of each: a cache, taken
 * for none where it does not read or does not match), and no
 * inode is made or freed (a rename over a file frees the old one's
 * blocks, which a file system mounted with discard waits for the
 * device to drop). The writer holds spare's flock(2) from before it
 * checks that the name still is the file it opened until the exchange:
 * a second writer at once finds its file named path, and writes as
 * write_cache does. No spare (the old file is then kept as one), one
 * that is not a file of this user's alone, or no exchange on this
 * system: write_cache. -1 on any failure. */
int swap_cache(const char *path, const char *spare, const void *buf,
	       size_t len);

/* Display name for messages: "stdin" / "stdout" for "-". */
const char *path_name(const char *path);

/* This machine's state directory for umpire (the local records, the
 * checkpoints and the scenarios' cache): $XDG_STATE_HOME/umpire, else
 * ~/.local/state/umpire (appended to dir). */
int state_dir(struct strbuf *dir, struct error *err);

#endif
