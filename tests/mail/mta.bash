# mta.bash - a private postfix for the real-mail tests (tests/mail).
#
# mta_start DIR starts a postfix instance of its own under DIR: its own
# configuration, queue and log, no network listener at all (no smtpd in
# its master.cf), delivering every address @example.org to a Maildir
# under DIR/mail (postfix's virtual(8) agent, so no Unix user is made).
# Mail enters it only through its sendmail(1) (`sendmail -C DIR/conf`),
# as a client on the same machine hands mail to the system's MTA. The
# system's own postfix, if any, is neither read nor touched.
#
# mta_start DIR USER COMMAND does the same, but USER@example.org is
# delivered to COMMAND's standard input (postfix's pipe(8), as an MTA
# runs a mail robot), as user nobody, one message a run (postfix may
# run several at once, as a busy MTA does); with MTA_PIPE_ALSO="U2..."
# those users' mail too, COMMAND then given the recipient's user as its
# argument. COMMAND
# may send mail with the plain /usr/sbin/sendmail: postfix's pipe gives
# it MAIL_CONFIG (this instance), and postfix's set-group-id postdrop
# accepts such a directory from an unprivileged user only if the
# main.cf of /etc/postfix lists it. So the instance runs in a mount
# namespace of its own (unshare(1)), where /etc/postfix is a copy with
# a main.cf naming DIR/conf; the machine's /etc/postfix is only read
# (copied), never changed.
#
# postfix's master must start as root; mta_start returns 3 (and says
# why on stderr) where it cannot run here, so that the caller can skip.

MTA_USERS="alice bob rita"

# mta_dir: a new directory for an instance, where postfix's users can
# reach it (a test's own temporary directory is mode 0700).
mta_dir() {
	mktemp -d /tmp/umpire-mta.XXXXXX
}

mta_start() {
	local dir=$1 pipe_user=${2:-} pipe_cmd=${3:-} u
	MTA_DIR=$dir
	MTA_CONF=$dir/conf
	if [ "$(id -u)" != 0 ]; then
		echo "the private postfix needs root to start its master" >&2
		return 3
	fi
	if ! command -v postfix >/dev/null || [ ! -x /usr/sbin/sendmail ]; then
		echo "postfix is not installed (make deps installs it)" >&2
		return 3
	fi
	if ! id postfix >/dev/null 2>&1 || ! getent group postdrop >/dev/null
	then
		echo "postfix's user or postdrop group is missing" >&2
		return 3
	fi
	mkdir -p "$dir/conf" "$dir/queue" "$dir/data" "$dir/mail" || return 2
	# postfix's own users walk these directories: DIR must lie where
	# they can reach it (mta_dir makes one under /tmp)
	chmod 755 "$dir" "$dir/conf" "$dir/mail"
	chown postfix "$dir/data"
	chown 65534:65534 "$dir/mail"
	cat >"$dir/conf/main.cf" <<EOF
compatibility_level = 3.6
queue_directory = $dir/queue
data_directory = $dir/data
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.umpire.test
mydomain = umpire.test
myorigin = example.org
mydestination =
inet_interfaces = loopback-only
inet_protocols = ipv4
virtual_mailbox_domains = example.org
virtual_mailbox_base = $dir/mail
virtual_mailbox_maps = texthash:$dir/conf/mailboxes
virtual_uid_maps = static:65534
virtual_gid_maps = static:65534
virtual_minimum_uid = 100
maillog_file_prefixes = $dir
maillog_file = $dir/maillog
alias_maps =
alias_database =
relayhost =
default_transport = error:the test mail system delivers to example.org only
# as Debian's postfix sets it: judge+1a2b3c4d@example.org, a game's own
# address (umpire(1), JUDGE), is judge@example.org's mail unless a map
# names it
recipient_delimiter = +
EOF
	: >"$dir/conf/mailboxes"
	for u in $MTA_USERS $pipe_user; do
		echo "$u@example.org $u/Maildir/" >>"$dir/conf/mailboxes"
	done
	# The services a local-only postfix needs, none chrooted, none
	# listening on a network.
	cat >"$dir/conf/master.cf" <<'EOF'
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
virtual   unix  -       n       n       -       -       virtual
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
EOF
	local start="postfix -c '$dir/conf' start"
	if [ -n "$pipe_user" ]; then
		mta_pipe "$dir" "$pipe_user" "$pipe_cmd" || return 3
		start="mount --bind '$dir/etc' /etc/postfix && $start"
		start="unshare --mount --propagation private sh -c \"$start\""
	fi
	if ! postfix -c "$dir/conf" check >"$dir/start.log" 2>&1 ||
	   ! eval "$start" >>"$dir/start.log" 2>&1; then
		echo "the private postfix did not start:" >&2
		cat "$dir/start.log" "$dir/maillog" >&2 2>/dev/null
		return 3
	fi
	# A sendmail(1) that hands mail to this instance, on PATH as
	# `sendmail` for the tests' own commands and for mutt.
	mkdir -p "$dir/bin"
	printf '#!/bin/sh\nexec /usr/sbin/sendmail -C "%s" "$@"\n' \
		"$dir/conf" >"$dir/bin/sendmail"
	chmod 755 "$dir/bin/sendmail"
	MTA_SENDMAIL=$dir/bin/sendmail
}

# mta_pipe DIR USER COMMAND: mail to USER@example.org goes to COMMAND
# (see mta_start), and DIR/etc is the /etc/postfix of the instance's
# mount namespace.
mta_pipe() {
	local dir=$1 user=$2 cmd=$3
	if ! unshare --mount --propagation private true 2>"$dir/unshare.log"
	then
		echo "no mount namespace for the private postfix (unshare:" \
			"$(cat "$dir/unshare.log")); the pipe transport's" \
			"sendmail would need the machine's /etc/postfix" >&2
		return 3
	fi
	cat >>"$dir/conf/main.cf" <<EOF
transport_maps = texthash:$dir/conf/transport
robot_destination_recipient_limit = 1
alternate_config_directories = $dir/conf
EOF
	echo "$user@example.org robot:" >"$dir/conf/transport"
	# MTA_PIPE_ALSO: more users piped to the same COMMAND, which then
	# gets the recipient's user as its argument (two judges, say)
	local also arg=
	for also in ${MTA_PIPE_ALSO:-}; do
		echo "$also@example.org robot:" >>"$dir/conf/transport"
		arg=' ${user}'
	done
	printf '%s\n  flags=R user=nobody argv=%s%s\n' \
		'robot     unix  -       n       n       -       -       pipe' \
		"$cmd" "$arg" >>"$dir/conf/master.cf"
	mkdir -p "$dir/etc"
	cp -a /etc/postfix/. "$dir/etc/"
	echo "alternate_config_directories = $dir/conf" >"$dir/etc/main.cf"
}

mta_stop() {
	[ -n "${MTA_CONF:-}" ] && [ -f "$MTA_CONF/main.cf" ] || return 0
	postfix -c "$MTA_CONF" stop >/dev/null 2>&1 || true
}

# mta_count USER: how many messages USER's Maildir holds (new and cur).
mta_count() {
	find "$MTA_DIR/mail/$1/Maildir/new" "$MTA_DIR/mail/$1/Maildir/cur" \
		-type f 2>/dev/null | wc -l
}

# mta_wait USER N: wait (at most 30 s) until USER has N messages, then
# print the path of the newest one. Fails, showing the mail log's end,
# if none comes: a message lost by umpire's part of the chain.
mta_wait() {
	local user=$1 want=$2 i
	for i in $(seq 1 300); do
		if [ "$(mta_count "$user")" -ge "$want" ]; then
			ls -t "$MTA_DIR/mail/$user/Maildir/new"/* | head -n 1
			return 0
		fi
		sleep 0.1
	done
	echo "no message number $want for $user after 30 s; mail log:" >&2
	tail -n 20 "$MTA_DIR/maillog" >&2
	return 1
}

# A mutt configuration for USER (REAL-MAIL.md's, for batch mode),
# sending through this instance. Extra settings come on mutt's command
# line with -e.
mta_muttrc() {
	local user=$1 out=$2
	cat >"$out" <<EOF
set realname="$user"
set from="$user@example.org"
set use_from=yes
set envelope_from=yes
set mbox_type=Maildir
set folder=$MTA_DIR/mail/$user/Maildir
set spoolfile=$MTA_DIR/mail/$user/Maildir
set record=
set sendmail="$MTA_SENDMAIL -oem -oi"
set edit_headers=yes
set include=yes
set fast_reply=yes
set forward_format="Fwd: %s"
set text_flowed=no
set charset="utf-8"
set send_charset="us-ascii:utf-8"
EOF
}

# mutt_box WHO MSG NAME: a Maildir home/WHO/NAME holding the delivered
# message MSG alone, for WHO's mutt to open as a person opens the
# letter; prints its path.
mutt_box() {
	local box=$BATS_TEST_TMPDIR/home/$1/$3
	rm -rf "$box"
	mkdir -p "$box/cur" "$box/new" "$box/tmp"
	cp "$2" "$box/cur/"
	echo "$box"
}

# mutt_reply WHO MSG FILE [mutt arguments...]: WHO replies with mutt to
# the delivered message MSG as a person does (r, include=yes: the
# letter quoted '> '), FILE pasted below the quote by the editor, the
# file MUTT_ATTACH (a path) attached when it is set, and sends. mutt runs on a pseudo-terminal (script(1)); the keys are
# mutt's push.
mutt_reply() {
	local who=$1 msg=$2 file=$3 box
	shift 3
	box=$(mutt_box "$who" "$msg" reply)
	# the editor leaves the body's time in the past: mutt asks
	# "Attachment #1 modified. Update encoding?" of a body whose time
	# is after the stamp it took, which "5 seconds ago" was when the
	# editor ran more than 5 s after mutt wrote the body (make check's
	# stages at once: the prompt, unanswered, timed the test out); a
	# time long past is before any stamp, and still not the time mutt
	# gave the body (or it aborts the message as unmodified)
	printf '#!/bin/sh\n{ echo; cat "%s"; } >>"$1"\ntouch -d "2000-01-01 00:00:00" "$1"\n' \
		"$BATS_TEST_TMPDIR/home/$who/$file" >"$box.editor"
	chmod 755 "$box.editor"
	# never more than a minute: a prompt nobody answers fails the
	# test, it does not hang the run
	as "$who" env TERM=xterm timeout 60 script -qec "mutt -F .muttrc \
		-f '$box' -e 'set editor=\"$box.editor\"' -e 'set sort=date' \
		-e 'set record=\"$box.sent\"' $* \
		-e 'push <reply>${MUTT_ATTACH:+<attach-file>$MUTT_ATTACH<enter>}<send-message><exit>'" /dev/null \
		>"$box.out" 2>&1 </dev/null
}

# mutt_save WHO MSG PATTERN DIR: WHO saves the attachment of the
# delivered message MSG that mutt's attachment menu finds by PATTERN (a
# regular expression without a backslash), under its own file name, in
# DIR, as a person does (v, /, s), and prints its path. mutt runs on a
# pseudo-terminal as in mutt_reply; the menu shows each name whole (the
# search reads the line shown, and mutt's default cuts a name at 40).
mutt_save() {
	local who=$1 box
	box=$(mutt_box "$who" "$2" save)
	rm -rf "$4"
	mkdir -p "$4"
	as "$who" env TERM=xterm timeout 60 script -qec "mutt -F .muttrc \
		-f '$box' -e 'set attach_save_dir=\"$4\"' \
		-e 'set attach_format=\"%4n %d  [%m/%M, %s]\"' \
		-e 'push <view-attachments><search>$3<enter><save-entry><enter><exit><exit><exit>'" \
		/dev/null >"$box.out" 2>&1 </dev/null || true
	ls -d "$4"/* 2>/dev/null | grep . ||
		{ echo "mutt saved nothing of $2 ($3)"; cat -v "$box.out" | tail -c 600
		  return 1; }
}

# mta_confirm USER LETTER: USER answers the judge's LETTER asking it to
# confirm its address (a game taken by mail, umpire(1) JUDGE) as a mail
# client's reply does: from USER's address to the one the letter came
# from (its Reply-To: the game's own address), "Re: " and its subject,
# the letter quoted; s-nail sends it through this instance.
mta_confirm() {
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(m["reply-to"] or m["from"])
print("Re: " + m["subject"])
for line in m.get_body(("plain",)).get_content().splitlines():
    print(("> " + line).rstrip())' "$2" >reply.txt
	tail -n +3 reply.txt >body.txt
	s-nail -:/ -S v15-compat -S "from=$1@example.org" \
		-S "mta=$MTA_SENDMAIL" -S sendwait -S ttycharset=utf-8 \
		-S sendcharsets=utf-8 -s "$(sed -n 2p reply.txt)" \
		"$(sed -n 1p reply.txt)" <body.txt
}
