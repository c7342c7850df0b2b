/*
 * keys.c - minisign key files read from disk with their passphrase
 * asked on the terminal or read from a file, written by umpire keygen,
 * and unlocked keys kept a while in the Linux kernel keyring (keyctl(2):
 * see "keeping unlocked keys" below). The files' formats, apart from
 * all of these, are seckey.c's and pubkey.c's.
 */
#define _DEFAULT_SOURCE         /* syscall(2) */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/keyctl.h>
#include <sodium.h>
#include "umpire/armor.h"
#include "umpire/fsutil.h"
#include "umpire/keys.h"

#define KEYFILE_MAX 4096
#define PASSFILE_MAX 65536

int pubkey_load(const char *arg, struct pubkey *out, struct error *err)
{
	struct stat st;
	char *buf;
	size_t len;
	int rc;
	if (stat(arg, &st) != 0 && strncmp(arg, "RW", 2) == 0)
		return pubkey_from_b64("public key argument", arg,
				       strlen(arg), out, err);
	if (read_input(arg, KEYFILE_MAX, &buf, &len, err) != 0)
		return -1;
	rc = pubkey_parse(path_name(arg), buf, len, out, err);
	free(buf);
	return rc;
}

/* ---- keeping unlocked keys ----
 *
 * An unlocked encrypted key is kept in a keyring named "umpire" linked
 * into the user keyring (keyctl(2) @u: one per UID, the same in every
 * session of the user), as a "user" key that the kernel drops after the
 * configured time. Its description names the encrypted key file's bytes
 * (BLAKE2b-128 of the blob), so a changed key file is never answered
 * from the keyring; its payload is keynum || sk || BLAKE2b-256(
 * passphrase): a passphrase file whose passphrase is not the one that
 * unlocked the key is not taken on trust, the key is unlocked from the
 * file again (and refused). Where the kernel refuses the keyring (a
 * sandbox: EPERM, ENOSYS), nothing is kept and the passphrase is asked
 * as before, without an error.
 *
 * Who can read it. The ring and the key give every permission to the
 * user who owns them (the UID that unlocked the key) and none to
 * anyone else: not to the group, not to others, and not to a
 * possessor either. Possession is not a user: a process of another UID
 * started from the owner's shell (su without a new session, setpriv,
 * sudo -u) keeps the session keyring, so it possesses whatever can be
 * reached from it. The keys used to be kept in the session keyring with
 * possessor permissions only, and such a process read them. Moving them
 * to the user keyring is not enough by itself: pam_keyinit links the
 * user keyring into the session keyring of every login (keyctl show
 * @s), and the user keyring gives its possessor search and write, so
 * possessor permissions on the ring would again let that other UID
 * search it and read the key (tried: keyctl pipe as nobody read it).
 * With owner-only permissions the kernel refuses such a process the
 * search, the read and even the description (EACCES).
 *
 * The same possessor write on the user keyring lets that other UID link
 * a keyring of its own named "umpire" into it: a ring is only used when
 * it is owned by this UID with exactly the permissions set here, and a
 * new ring is made in the process keyring (no one else's to reach),
 * given its permissions, and only then linked into the user keyring,
 * where it displaces another "umpire" ring. A key is made there too,
 * and linked into the ring once it has its permissions and its time. The user keyring is also
 * what `umpire lock` (seckey_lock) empties: from any session of the
 * user, every kept key is dropped.
 */

#define KEEP_RING "umpire"
enum { KEEP_BYTES = KEYNUM_BYTES + 64 + 32 };

/* The kernel's key calls, as keyctl(2) and add_key(2) give them (glibc
 * wraps neither; libkeyutils's functions are these very calls, and a
 * library loaded by every command for them cost 0.03 ms of each). */
typedef int32_t key_serial_t;
/* view, read, write, search, link and setattr for the owning user;
 * nothing for a possessor, the group or others (keyutils' KEY_USR_ALL) */
#define KEEP_PERM 0x003f0000u

static long keyctl(int op, unsigned long a, unsigned long b,
		   unsigned long c, unsigned long d)
{
	return syscall(SYS_keyctl, op, a, b, c, d);
}

static key_serial_t add_key(const char *type, const char *desc,
			    const void *payload, size_t len,
			    key_serial_t ring)
{
	return (key_serial_t)syscall(SYS_add_key, type, desc, payload, len,
				     ring);
}

static key_serial_t key_search(key_serial_t ring, const char *type,
			       const char *desc)
{
	return (key_serial_t)keyctl(KEYCTL_SEARCH, (unsigned long)ring,
				    (unsigned long)type, (unsigned long)desc,
				    0);
}

/* 1 if the key k is owned by this process's user; with perm >= 0, and
 * its permissions are exactly perm. */
static int key_ours(key_serial_t k, long perm)
{
	char d[128];
	unsigned uid, kperm;
	long n = keyctl(KEYCTL_DESCRIBE, (unsigned long)k, (unsigned long)d,
			sizeof d, 0);
	if (n <= 0 || (size_t)n > sizeof d)
		return 0;
	d[sizeof d - 1] = '\0';
	/* "type;uid;gid;perm;description" */
	if (sscanf(d, "%*[^;];%u;%*d;%x;", &uid, &kperm) != 2)
		return 0;
	return uid == (unsigned)geteuid() &&
	       (perm < 0 || kperm == (unsigned long)perm);
}

static key_serial_t keep_ring(int create)
{
	key_serial_t r = key_search(KEY_SPEC_USER_KEYRING, "keyring",
				    KEEP_RING);
	if (r >= 0 && key_ours(r, KEEP_PERM))
		return r;
	if (!create)
		return -1;
	r = add_key("keyring", KEEP_RING, NULL, 0, KEY_SPEC_PROCESS_KEYRING);
	if (r < 0)
		return -1;
	if (keyctl(KEYCTL_SETPERM, (unsigned long)r, KEEP_PERM, 0, 0) < 0 ||
	    keyctl(KEYCTL_LINK, (unsigned long)r,
		   (unsigned long)KEY_SPEC_USER_KEYRING, 0, 0) < 0) {
		keyctl(KEYCTL_INVALIDATE, (unsigned long)r, 0, 0, 0);
		return -1;
	}
	keyctl(KEYCTL_UNLINK, (unsigned long)r,
	       (unsigned long)KEY_SPEC_PROCESS_KEYRING, 0, 0);
	return r;
}

static void keep_desc(const unsigned char *blob, char desc[48])
{
	unsigned char h[16];
	char hex[33];
	crypto_generichash(h, sizeof h, blob, SECKEY_BLOB_BYTES, NULL, 0);
	sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	snprintf(desc, 48, "umpire:%s", hex);
}

/* The kept key of desc, when its passphrase hash is passhash (any when
 * passhash is NULL); else NULL. */
static struct seckey *keep_get(const char *desc,
			       const unsigned char *passhash)
{
	key_serial_t ring = keep_ring(0);
	struct seckey *sk = NULL;
	if (ring < 0)
		return NULL;
	key_serial_t k = key_search(ring, "user", desc);
	if (k < 0)
		return NULL;
	unsigned char *p = sodium_malloc(KEEP_BYTES);
	if (p && keyctl(KEYCTL_READ, (unsigned long)k, (unsigned long)p,
			KEEP_BYTES, 0) == KEEP_BYTES &&
	    (!passhash || sodium_memcmp(p + KEYNUM_BYTES + 64, passhash,
					32) == 0)) {
		/* the key pair again from its seed */
		sk = seckey_from_seed(p + KEYNUM_BYTES, p);
	}
	sodium_free(p);
	return sk;
}

static void keep_put(const char *desc, const struct seckey *sk,
		     const unsigned char passhash[32], long seconds)
{
	key_serial_t ring = keep_ring(1);
	unsigned char *p;
	if (ring < 0 || !(p = sodium_malloc(KEEP_BYTES)))
		return;
	memcpy(p, sk->keynum, KEYNUM_BYTES);
	memcpy(p + KEYNUM_BYTES, sk->sk, 64);
	memcpy(p + KEYNUM_BYTES + 64, passhash, 32);
	/* made in the process keyring, as the ring is: the kernel's default
	 * permissions of a new key are the possessor's, and this process
	 * possesses the ring only where the user keyring is linked into
	 * its session keyring */
	key_serial_t k = add_key("user", desc, p, KEEP_BYTES,
				 KEY_SPEC_PROCESS_KEYRING);
	sodium_free(p);
	if (k < 0)
		return;
	/* never kept without its time limit */
	if (keyctl(KEYCTL_SETPERM, (unsigned long)k, KEEP_PERM, 0, 0) < 0 ||
	    keyctl(KEYCTL_SET_TIMEOUT, (unsigned long)k,
		   (unsigned long)seconds, 0, 0) < 0 ||
	    keyctl(KEYCTL_LINK, (unsigned long)k, (unsigned long)ring, 0,
		   0) < 0) {
		keyctl(KEYCTL_INVALIDATE, (unsigned long)k, 0, 0, 0);
		return;
	}
	keyctl(KEYCTL_UNLINK, (unsigned long)k,
	       (unsigned long)KEY_SPEC_PROCESS_KEYRING, 0, 0);
}

/* Drop the keys of ring: each one invalidated (the kernel forgets it at
 * once, wherever it is linked), then the ring emptied. The number of
 * keys that were still alive (an expired one is refused EKEYEXPIRED),
 * or -1 with errno when the ring could not be emptied. */
static int keep_drop(key_serial_t ring)
{
	key_serial_t ids[64];
	int n = 0;
	long len = keyctl(KEYCTL_READ, (unsigned long)ring,
			  (unsigned long)ids, sizeof ids, 0);
	/* more keys than fit: the ones that do not are cleared uncounted */
	if (len > (long)sizeof ids)
		len = sizeof ids;
	for (long i = 0; len > 0 && i < len / (long)sizeof *ids; i++)
		if (keyctl(KEYCTL_INVALIDATE, (unsigned long)ids[i], 0, 0,
			   0) == 0)
			n++;
	if (keyctl(KEYCTL_CLEAR, (unsigned long)ring, 0, 0, 0) < 0)
		return -1;
	return n;
}

int seckey_lock(int *dropped, struct error *err)
{
	key_serial_t ring = keep_ring(0), old;
	*dropped = 0;
	if (ring >= 0) {
		int n = keep_drop(ring);
		if (n < 0 && errno != EPERM && errno != ENOSYS)
			return errorf(err, EXIT_USAGE, "cannot clear the "
				      "kernel keyring '%s': %s", KEEP_RING,
				      strerror(errno));
		if (n > 0)
			*dropped += n;
	}
	/* a ring an earlier umpire kept in this session keyring */
	old = key_search(KEY_SPEC_SESSION_KEYRING, "keyring", KEEP_RING);
	if (old >= 0 && old != ring && key_ours(old, -1)) {
		int n = keep_drop(old);
		if (n > 0)
			*dropped += n;
		keyctl(KEYCTL_UNLINK, (unsigned long)old,
		       (unsigned long)KEY_SPEC_SESSION_KEYRING, 0, 0);
	}
	return 0;
}

/* 1 if a passphrase could be asked on a terminal. */
static int have_tty(void)
{
	int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

int seckey_parse_kept(const char *name, const char *text, size_t len,
		      const char *passphrase_file, long keep_seconds,
		      struct seckey **out, struct error *err)
{
	unsigned char *blob = sodium_malloc(SECKEY_BLOB_BYTES);
	unsigned char passhash[32];
	char desc[48], *pass = NULL;
	struct seckey *sk = NULL;
	int rc, keep = 0;
	if (!blob)
		return errorf(err, EXIT_USAGE, "out of secure memory");
	rc = seckey_blob_decode(name, text, len, blob, err);
	int encrypted = rc == 0 && seckey_blob_encrypted(blob);
	/* kept keys stand in for a passphrase that would be asked: from
	 * the passphrase file (the same passphrase), or on a terminal */
	if (encrypted && keep_seconds > 0) {
		keep_desc(blob, desc);
		if (passphrase_file) {
			rc = passphrase_get(passphrase_file, name, 0, &pass,
					    err);
			if (rc == 0) {
				crypto_generichash(passhash, 32,
					(const unsigned char *)pass,
					strlen(pass), NULL, 0);
				sk = keep_get(desc, passhash);
			}
			keep = rc == 0;
		} else if (have_tty()) {
			sk = keep_get(desc, NULL);
			keep = 1;
		}
	}
	/* else the passphrase is asked (or read) now, and the key unlocked
	 * with it */
	if (rc == 0 && !sk && encrypted && !pass)
		rc = passphrase_get(passphrase_file, name, 0, &pass, err);
	if (rc == 0 && !sk && pass)
		crypto_generichash(passhash, 32, (const unsigned char *)pass,
				   strlen(pass), NULL, 0);
	if (rc == 0 && !sk) {
		rc = seckey_blob_unlock(name, blob, pass, &sk, err);
		if (rc == 0 && keep)
			keep_put(desc, sk, passhash, keep_seconds);
	}
	passphrase_free(pass);
	sodium_memzero(passhash, sizeof passhash);
	sodium_free(blob);
	if (rc == 0)
		*out = sk;
	return rc;
}

int seckey_parse(const char *name, const char *text, size_t len,
		 const char *passphrase_file, struct seckey **out,
		 struct error *err)
{
	return seckey_parse_kept(name, text, len, passphrase_file, 0, out,
				 err);
}

int seckey_load_kept(const char *path, const char *passphrase_file,
		     long keep_seconds, struct seckey **out,
		     struct error *err)
{
	char *buf;
	size_t len;
	int rc;
	if (read_input(path, KEYFILE_MAX, &buf, &len, err) != 0)
		return -1;
	rc = seckey_parse_kept(path_name(path), buf, len, passphrase_file,
			       keep_seconds, out, err);
	sodium_memzero(buf, len);
	free(buf);
	return rc;
}

int seckey_load(const char *path, const char *passphrase_file,
		struct seckey **out, struct error *err)
{
	return seckey_load_kept(path, passphrase_file, 0, out, err);
}

static int refuse_existing(const char *path, struct error *err)
{
	struct stat st;
	if (lstat(path, &st) == 0)
		return errorf(err, EXIT_USAGE, "%s already exists; use -f to "
			      "overwrite the key pair", path);
	return 0;
}

int keygen_check(const char *seckey_path, const char *pubkey_path,
		 int force, struct error *err)
{
	if (strcmp(seckey_path, pubkey_path) == 0)
		return errorf(err, EXIT_USAGE, "the secret and the public key "
			      "must go to different files (both are %s)",
			      seckey_path);
	if (!force && (refuse_existing(seckey_path, err) ||
		       refuse_existing(pubkey_path, err)))
		return -1;
	if (output_dir_ready(seckey_path, 0700, err) ||
	    output_dir_ready(pubkey_path, 0755, err))
		return -1;
	return 0;
}

int keygen_write(const char *seckey_path, const char *pubkey_path,
		 const char *passphrase, int force, struct error *err)
{
	struct strbuf sec = STRBUF_INIT, pub = STRBUF_INIT;
	struct seckey *sk;
	struct pubkey pk;
	int rc = -1;
	if (keygen_check(seckey_path, pubkey_path, force, err))
		return -1;
	sk = seckey_generate();
	seckey_pubkey(sk, &pk);
	pubkey_format(&pk, &pub);
	if (seckey_format(sk, passphrase, &sec, err) == 0 &&
	    write_output(seckey_path, sec.buf, sec.len, 0600, !force,
			 err) == 0) {
		rc = write_output(pubkey_path, pub.buf, pub.len, 0644, !force,
				  err);
		if (rc != 0 && !force)
			unlink(seckey_path);
	}
	seckey_free(sk);
	sodium_memzero(sec.buf, sec.len);
	strbuf_free(&sec);
	strbuf_free(&pub);
	return rc;
}

/* ---- passphrases ---- */

static char *secure_alloc(size_t n)
{
	char *p = sodium_malloc(n);
	if (!p) {
		fputs("umpire: out of secure memory\n", stderr);
		abort();
	}
	return p;
}

void passphrase_free(char *p)
{
	if (p)
		sodium_free(p);
}

static int passphrase_from_file(const char *path, const char *what,
				char **out, struct error *err)
{
	char *buf, *p;
	size_t len, n;
	if (read_input(path, PASSFILE_MAX, &buf, &len, err) != 0)
		return error_prefix(err, "passphrase for %s", what);
	n = strcspn(buf, "\r\n");
	if (n >= PASSPHRASE_MAX) {
		sodium_memzero(buf, len);
		free(buf);
		return errorf(err, EXIT_USAGE, "passphrase file %s: first "
			      "line longer than %d bytes", path,
			      PASSPHRASE_MAX - 1);
	}
	p = secure_alloc(n + 1);
	memcpy(p, buf, n);
	p[n] = '\0';
	sodium_memzero(buf, len);
	free(buf);
	*out = p;
	return 0;
}

/* Read one line from the terminal fd with echo off into p (size max).
 * The signals that end or stop the process from the keyboard are held
 * while echo is off and delivered after it is back on, so that Ctrl-C at
 * the prompt cannot leave the terminal silent. */
static int tty_read(int fd, const char *prompt, char *p, size_t max)
{
	struct termios old, quiet;
	sigset_t held, before;
	size_t n = 0;
	char c;
	int rc = 0, restore = tcgetattr(fd, &old) == 0;
	sigemptyset(&held);
	sigaddset(&held, SIGINT);
	sigaddset(&held, SIGQUIT);
	sigaddset(&held, SIGTERM);
	sigaddset(&held, SIGHUP);
	sigaddset(&held, SIGTSTP);
	sigprocmask(SIG_BLOCK, &held, &before);
	if (restore) {
		quiet = old;
		quiet.c_lflag &= ~(tcflag_t)ECHO;
		quiet.c_lflag |= ECHONL;
		tcsetattr(fd, TCSAFLUSH, &quiet);
	}
	if (write(fd, prompt, strlen(prompt)) < 0)
		rc = -1;
	while (rc == 0) {
		ssize_t r = read(fd, &c, 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 || n + 1 >= max)
			rc = -1;
		else if (c == '\n')
			break;
		else
			p[n++] = c;
	}
	p[n] = '\0';
	if (restore)
		tcsetattr(fd, TCSAFLUSH, &old);
	sigprocmask(SIG_SETMASK, &before, NULL);
	return rc;
}

static int passphrase_from_tty(const char *what, int confirm, char **out,
			       struct error *err)
{
	char prompt[512];
	char *p, *again = NULL;
	int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC), rc;
	if (fd < 0)
		return errorf(err, EXIT_USAGE, "cannot ask for the passphrase "
			      "of %s: no terminal (set UMPIRE_PASSPHRASE_FILE "
			      "to a file holding it, or use a key without "
			      "passphrase: umpire keygen -W)", what);
	p = secure_alloc(PASSPHRASE_MAX);
	snprintf(prompt, sizeof prompt, "Passphrase for %s: ", what);
	rc = tty_read(fd, prompt, p, PASSPHRASE_MAX);
	if (rc == 0 && confirm) {
		again = secure_alloc(PASSPHRASE_MAX);
		snprintf(prompt, sizeof prompt, "Passphrase for %s (again): ",
			 what);
		rc = tty_read(fd, prompt, again, PASSPHRASE_MAX);
		if (rc == 0 && strcmp(p, again) != 0)
			rc = errorf(err, EXIT_USAGE, "the passphrases for %s "
				    "do not match", what);
		else if (rc != 0)
			errorf(err, EXIT_USAGE, "cannot read the passphrase "
			       "for %s from the terminal", what);
		passphrase_free(again);
	} else if (rc != 0) {
		errorf(err, EXIT_USAGE, "cannot read the passphrase for %s "
		       "from the terminal (too long or end of input)", what);
	}
	close(fd);
	if (rc != 0) {
		passphrase_free(p);
		return -1;
	}
	*out = p;
	return 0;
}

int passphrase_get(const char *passphrase_file, const char *what,
		   int confirm, char **out, struct error *err)
{
	if (passphrase_file)
		return passphrase_from_file(passphrase_file, what, out, err);
	return passphrase_from_tty(what, confirm, out, err);
}
