/*
 * mail.h - umpire files received as whole mail messages.
 *
 * A player may hand umpire the message a mail client saved or piped
 * (RFC 5322 with MIME: quoted-printable or base64 bodies, the file as an
 * attachment, multipart/alternative) instead of the file itself. GMime
 * parses the message; umpire picks the one part that holds an umpire file
 * and hands on its decoded bytes, so every later check (signature, game,
 * step, side) sees exactly the file that was mailed.
 *
 * Ownership: mail_unwrap(_signed) replaces *buf with a new malloc'd, NUL-terminated
 * buffer (freeing the old one) when it unwraps a message; the caller frees
 * whatever *buf holds afterwards. Nothing else is kept.
 */
#ifndef UMPIRE_MAIL_H
#define UMPIRE_MAIL_H

#include <stddef.h>
#include "umpire/error.h"
#include "umpire/keys.h"
#include "umpire/strbuf.h"

/*
 * 1 if buf[0..len) starts with a mail header block: header fields up to
 * the first empty line, at least one of them a field mail transport or a
 * mail client always writes (From, To, Subject, Date, Message-ID,
 * Received, Return-Path, MIME-Version, Content-Type, Delivered-To), or an
 * mbox "From " separator line. umpire's own files never do.
 */
int mail_is_message(const char *buf, size_t len);

/*
 * The largest mail message that may carry a file of at most max bytes:
 * max x 4/3 (base64), 1/8 of max more (line ends; quoted-printable's
 * few escapes in umpire's files), and 64 KiB for the headers and the
 * text around the file.
 */
size_t mail_message_max(size_t max);

/*
 * If buf holds a mail message, replace it with the decoded content of the
 * part that holds an umpire file: the part with an embedded umpire
 * signature block, else the part whose text has an `umpire:` line (an
 * attachment before an inline body, the first such part otherwise); a
 * line counts quoted with '> ' too. The part is handed on whole: taking
 * the file out of the text around it is mail_take_file's. A text/plain part in format=flowed
 * (RFC 3676, DelSp too) is decoded as a receiving client shows it.
 * Parts of type text/html are never taken. Sets *unwrapped to 1 then.
 * A buffer that is not a message is left as it is (*unwrapped = 0).
 * Refuses (EXIT_REFUSED), naming `name`:
 * - before GMime parses it (GMime builds the whole tree first), a
 *   message larger than mail_message_max(max), or of more than 64 MIME
 *   parts, 16 multiparts and attached messages (nested or not), or 4096
 *   header lines;
 * - a message that cannot be parsed, or one with no such part (the
 *   message lists the parts it saw), or one whose part is larger than
 *   max bytes;
 * - a message holding two different signed umpire files (body and
 *   attachment, two alternatives, a forwarded message: both named; two
 *   copies of one file are one file).
 */
int mail_unwrap(const char *name, char **buf, size_t *len, size_t max,
		int *unwrapped, struct error *err);

/*
 * The caps mail_unwrap keeps before GMime parses a message (see there):
 * at most mail_message_max(max) bytes, 64 MIME parts, 16 multiparts and
 * attached messages, 4096 header lines. 0, or -1 with err
 * (EXIT_REFUSED, naming `name` and the cap). For a caller that parses a
 * message with GMime itself (umpire judge reading a bounce).
 */
int mail_caps(const char *name, const char *buf, size_t len, size_t max,
	      struct error *err);

/*
 * mail_unwrap, also taking a detached signature from the message: an
 * attached part named *.minisig (the file `minisign -S` writes, attached
 * beside the file; a public key pasted in a body is none). When there is
 * one and *sig is NULL, *sig gets a malloc'd copy and *siglen its
 * length; two different ones are refused, naming both parts.
 */
int mail_unwrap_signed(const char *name, char **buf, size_t *len,
		       size_t max, int *unwrapped, char **sig, size_t *siglen,
		       struct error *err);

/* The kinds of umpire file a command reads as GAME or VIEW (a delta
 * too): every kind but orders (see mail_read_kind). */
#define MAIL_NOT_ORDERS "game view sealed delta"

/*
 * read_input for a game file, a view or a delta that may have come by
 * mail: read path ("-" for stdin), and if it is a mail message, unwrap
 * it as mail_unwrap_signed does (sig may be NULL), its part of a kind
 * in MAIL_NOT_ORDERS first. A message may be up to
 * mail_message_max(max) bytes; the file in it, or a file that is not a
 * message, at most max bytes. *buf is malloc'd, NUL-terminated.
 */
int mail_read_input(const char *path, size_t max, char **buf, size_t *len,
		    char **sig, size_t *siglen, struct error *err);

/*
 * mail_read_input, and then the signed file taken out of the text around
 * it (mail_repair; an unsigned game file, sealed orders and a sealed
 * view too, by their "umpire: game/", "umpire: sealed-orders/" or
 * "umpire: sealed/" line, '> ' quoting at any depth and the lines that
 * cannot be the file's; a format=flowed part is decoded first). notes
 * (may be NULL) gets what was taken away. A file whose lines were joined
 * (its "umpire: KIND/N" line or its BEGIN line goes on with other text:
 * re-flowed by an editor) is refused, saying so; so is text with an
 * "umpire:" line where no whole file is (mail_take_file).
 */
int mail_read_received(const char *path, size_t max, char **buf,
		       size_t *len, char **sig, size_t *siglen,
		       struct strbuf *notes, struct error *err);

/*
 * mail_read_received for a file of some kinds: when kind is not NULL
 * (kinds separated by spaces: "game", MAIL_NOT_ORDERS) and the message
 * holds a part with a line "umpire: KIND/" of one of them, such a part
 * is read, whatever else the message holds (a game file mailed with
 * orders, given as GAME). taken (may be NULL) gets the part
 * read ("part 3 (text/x-yaml 'game.yaml')") when the message held more
 * than one umpire file.
 */
int mail_read_kind(const char *path, size_t max, const char *kind,
		   char **buf, size_t *len, char **sig, size_t *siglen,
		   struct strbuf *notes, struct strbuf *taken,
		   struct error *err);

/* The bytes mail_read_kind reads, before it takes the file out of
 * them: up to mail_message_max(max), the error naming both limits. */
int mail_read_raw(const char *path, size_t max, char **buf, size_t *len,
		  struct error *err);

/* The largest public key file read; a mail message carrying one may be
 * mail_message_max of it (a mail client adds its headers and parts). */
#define MAIL_PUBKEY_MAX 4096

/*
 * A public key given as a command reads one (umpire new --side
 * ROLE=FILE, --referee FILE): a .pub file, a literal "RW..." key
 * (pubkey_load), or a saved mail message carrying one, read as the
 * other commands read files from a message (its parts decoded: mutt
 * attaches a .pub as application/vnd.exstream-package,
 * quoted-printable): the part that is a public key file, or an
 * "untrusted comment:" line and the key line pasted in a body; every
 * key of every part is read, and a key quoted in a reply ('>' before
 * it) is never taken. Refused (EXIT_REFUSED): a message with none (its
 * parts listed), with only quoted ones, or with two different keys
 * (both parts named).
 */
int mail_read_pubkey(const char *arg, struct pubkey *out, struct error *err);

#define MAIL_NONE_REPORT 2

/*
 * mail_read_kind for a message (or file) already read into *buf (name
 * for messages; the caps of mail_message_max(max) are the caller's).
 * On success the file is in *buf, taken out of the text around it when
 * it was pasted or quoted (a signed file, a game file, sealed orders, a
 * sealed view; see mail_read_received). Refusals (EXIT_REFUSED, *buf
 * freed and NULL) and none (may be NULL; 0 unless said):
 * - none = 1: buf is a mail message none of whose parts holds anything
 *   like an umpire file (no line "umpire:", no signature block); the
 *   refusal lists the parts. A caller may drop such mail.
 *   none = MAIL_NONE_REPORT (2, true as well): the same, but a part
 *   holds a turn report (the text of umpire report), which the refusal
 *   says: a report saved without its file, never a letter of the
 *   judge's (its reports travel with a game file or a view).
 * - none = 0: the message or text does hold an umpire file, or a line
 *   "umpire:", but not a whole file: a line "umpire: ..." that starts
 *   none, a file that stops at its first line, a sealed file without
 *   one of its keys or with a box broken by a line that is not base64
 *   (the refusal names the part, "part N (TYPE)", and the line), or
 *   lines joined, or too large, or two different signed files. A
 *   caller should answer or keep such mail, not drop it.
 * A text that is not a message and holds only a turn report is refused
 * as one (none = 0).
 */
int mail_take_file(const char *name, size_t max, const char *kind,
		   char **buf, size_t *len, char **sig, size_t *siglen,
		   struct strbuf *notes, struct strbuf *taken, int *none,
		   struct error *err);
/* mail_take_file where taken counts only the files of the kinds asked:
 * a file of another kind beside the one read (the judge's letter with
 * its view, quoted by a reply that attaches the orders) is not another
 * file of the message. */
int mail_take_of_kinds(const char *name, size_t max, const char *kind,
		       char **buf, size_t *len, char **sig, size_t *siglen,
		       struct strbuf *notes, struct strbuf *taken, int *none,
		       struct error *err);

/*
 * Whether a file read as it is, len bytes: head, then lines the caller
 * has compared with text that mail_game_lines passed (the vouched
 * prefix; none when head_len + tail_len == len), then tail, is what
 * mail_take_file(max) returns as it is, with nothing to note: a game
 * file alone, as umpire writes it. A non-empty tail begins a line, and
 * what follows head begins "- " (a step).
 */
int mail_game_as_read(const char *head, size_t head_len, const char *tail,
		      size_t tail_len, size_t len, size_t max);
/* Whether text is whole lines that mail_game_as_read may pass over in
 * a game file: lines of one as umpire writes it, no NUL byte, no line
 * joined, no embedded signature's BEGIN line. */
int mail_game_lines(const char *text, size_t len);

/*
 * The sender of a mail message (the address of Reply-To, else of From;
 * addr-spec only) appended to from, and its Message-ID (without <>) to
 * msgid; nothing appended for a buffer that is not a message or a field
 * it lacks.
 */
int mail_envelope(const char *buf, size_t len, struct strbuf *from,
		  struct strbuf *msgid, struct error *err);

/*
 * A signed umpire file inside the text a mail client put around it: '> '
 * quoting (one or more levels, the BEGIN line's depth), text before the
 * file (it starts at its `umpire:` line and the comment lines just above)
 * and after the END line, base64 lines re-wrapped without their '#'.
 * When any of these is found, the file alone is appended to out (LF line
 * ends; the bytes inside each line kept), a description to notes (may be
 * NULL), and 1 is returned; else 0 and nothing is appended. Whitespace
 * and line ends inside the file are left to signed_verify's canonical
 * form.
 */
int mail_repair(const char *buf, size_t len, struct strbuf *out,
		struct strbuf *notes);

/* The longest mail address a role may be given (RFC 5321's path). */
#define MAIL_ADDR_MAX 254
/*
 * 1 if a is exactly one RFC 5322 addr-spec as umpire takes it for a
 * role (umpire-game(5), ROLES): a local part of at most 64 bytes, a
 * dot-atom or a quoted string of printable ASCII without space, '"',
 * '\\', ',', '<', '>' or '@'; one '@'; a domain of dot-separated
 * labels of letters, digits and inner hyphens (1 to 63 bytes each); at
 * most MAIL_ADDR_MAX bytes in all. No display name, no list, no
 * comment, no white space, no control character; else 0.
 */
int mail_addr_spec_ok(const char *a);
/*
 * The addr-spec of in, one mail address: "alice@example.org" itself,
 * or "Alice <alice@example.org>" (a display name, quoted strings in it
 * allowed, before one addr-spec in angle brackets), copied into out
 * (size > MAIL_ADDR_MAX). 0; or -1 and *why says what is wrong (a
 * static string: "holds more than one address", ...) when in is not
 * exactly one address whose addr-spec mail_addr_spec_ok takes.
 */
int mail_addr_spec_of(const char *in, char *out, size_t size,
		      const char **why);

/*
 * A game's own address (src/core/mailroute.c): addr ("judge@club" or
 * "Judge <judge@club>") with the first character of delim and the
 * game's short id (id's first 8 characters) after its local part:
 * "Judge <judge+1a2b3c4d@club>", into out (size bytes). 1 when made;
 * 0 (out untouched) when delim is empty or NULL, addr has no '@', its
 * local part holds a delimiter already, or out is too small.
 */
int mail_game_address(const char *addr, const char *delim, const char *id,
		      char *out, size_t size);
/*
 * The game's short id rcpt names (1, into id8): its local part is
 * base's (any case; base NULL: any) with a character of delim and 8
 * lowercase hex digits after it. 0 for any other address (no
 * extension, another, or delim empty or NULL).
 */
int mail_address_game(const char *rcpt, const char *delim, const char *base,
		      char id8[9]);
/* Whether delim is a recipient delimiter a game's address may carry:
 * at most 8 characters, none a letter, digit, blank, '@', quote or
 * bracket ("" turns game addresses off). */
int mail_delim_ok(const char *delim);

#endif
