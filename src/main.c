/*
 * main.c - the command table, global options, exit statuses. The only
 * place that exits.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/commands.h"
#include "umpire/strbuf.h"

#ifndef UMPIRE_VERSION
#define UMPIRE_VERSION "0.1.0"
#endif

const struct command commands[] = {
	{ "keygen", cmd_keygen, "keygen -s SECKEY -p PUBKEY [-W] [-f]",
	  "make a key pair in minisign's formats",
	  "  -s SECKEY   where to write the secret key (mode 0600; a missing\n"
	  "              directory is made 0700)\n"
	  "  -p PUBKEY   where to write the public key\n"
	  "  -W          do not encrypt the secret key (no passphrase)\n"
	  "  -f          overwrite files that exist\n" },
	{ "new", cmd_new, "new SCENARIO -s SECKEY --side NAME=PUBKEY... "
	  "[--referee PUBKEY]\n           [--set OPTION=VALUE...] "
	  "[--address ROLE=ADDRESS...]\n           "
	  "[--chain-length N] [--draft] [--config FILE] [-o GAME]",
	  "create a game; the creator commits here",
	  "  -s SECKEY         the creator's secret key (default: config\n"
	  "                    secret_key); it commits for its roles\n"
	  "  --side NAME=PUBKEY  a side and its public key (file or RW...\n"
	  "                    key); every side of the scenario once\n"
	  "  --referee PUBKEY  the referee's public key (referee mode)\n"
	  "  --set OPTION=VALUE  a scenario option (umpire scenarios\n"
	  "                    --options SCENARIO lists them)\n"
	  "  --address ROLE=ADDRESS  invite ROLE (a side, or referee) at\n"
	  "                    ADDRESS, one local@domain: in the header\n"
	  "                    every join signs, where umpire mail sends\n"
	  "                    the new game\n"
	  "  --chain-length N  the most steps the game can have (2048)\n"
	  "  --draft           start a game of a draft scenario (one whose\n"
	  "                    rules are not all implemented yet)\n"
	  "  --config FILE     the config file to read instead of the\n"
	  "                    usual one (a judge's host: the judge's, for\n"
	  "                    its key, address and games)\n"
	  "  -o GAME           where to write the game (default: stdout)\n" },
	{ "join", cmd_join, "join GAME --side NAME -s SECKEY [-o OUT]\n"
	  "           [--address ADDRESS]",
	  "a role commits to its dice chain and signs the header",
	  "  --side NAME   the role that joins\n"
	  "  --address ADDRESS  the side's mail address, signed with the\n"
	  "                join, where umpire judge mails it (default:\n"
	  "                config address); one address, of which only\n"
	  "                local@domain is kept\n"
	  "  -s SECKEY     that role's secret key (default: config)\n"
	  "  -o OUT        where to write the game (default: stdout)\n" },
	{ "status", cmd_status, "status GAME|VIEW|ORDERS [--brief] [--json] "
	  "[-s SECKEY] [--side ROLE]",
	  "whose decision is pending, the question, the legal answers",
	  "  --brief     one line for scripts: pending ROLE STEP,\n"
	  "              adjudication ROLE STEP, over RESULT or join ROLE;\n"
	  "              for orders: game ID step N side S\n"
	  "  -s SECKEY   the key that opens a sealed view or sealed orders\n"
	  "              (default: config); in honour mode, the key of the\n"
	  "              side running it\n"
	  "  --side ROLE only what ROLE may see (in honour mode the default\n"
	  "              is the side of the key)\n"
	  "  --json      one JSON object (umpire(1), JSON OUTPUT)\n" },
	{ "orders", cmd_orders, "orders GAME|VIEW [-s SECKEY] [-o OUT] [--sign] "
	  "[--answers FILE] [--refused REFUSAL]",
	  "a ready-to-sign order file for the pending decision",
	  "  -s SECKEY   the pending role's secret key, for its reveal\n"
	  "              (default: config secret_key)\n"
	  "  -o OUT      where to write the order file (default: stdout)\n"
	  "  --sign      open the template in $VISUAL or $EDITOR, check the\n"
	  "              answers and sign them with the same key: one\n"
	  "              passphrase a turn\n"
	  "  --answers FILE  the answers (and standing orders) of an order\n"
	  "              file for this step first, then the first legal\n"
	  "              answer to each question after them\n"
	  "  --refused REFUSAL  with --sign and a VIEW: the referee refused\n"
	  "              the orders this key signed for the step; sign\n"
	  "              these in their place\n" },
	{ "desk", cmd_desk, "desk VIEW|GAME [--side ROLE] [-s SECKEY] "
	  "[-o FILE.html]",
	  "an offline HTML page that takes a step's answers by clicks",
	  "  -s SECKEY     the side's secret key: opens a sealed view (then\n"
	  "                default: config) and checks the view as orders\n"
	  "                does; of a GAME (a game with no views), names\n"
	  "                the side\n"
	  "  --side ROLE   of a GAME: the side whose page it is (default:\n"
	  "                the side the next question asks; another is\n"
	  "                refused)\n"
	  "  -o FILE.html  where to write the page (default: stdout); mode\n"
	  "                0600, as the view's own (an invitation's: 0644,\n"
	  "                no view in it, every side's)\n" },
	{ "sign", cmd_sign, "sign FILE [-g GAME|VIEW] [-s SECKEY] [-o OUT] "
	  "[--detached] [-t COMMENT] [--seal PUBKEY | --no-seal] "
	  "[--refused REFUSAL "
	  "[--view VIEW]] | sign FILE --check -g GAME|VIEW [-s SECKEY]",
	  "sign an order file (embedded or detached)",
	  "  -s SECKEY     the signer's secret key (default: config)\n"
	  "  -o OUT        where to write the signed file (default: stdout)\n"
	  "  -g, --game GAME|VIEW  check the answers first, on the game\n"
	  "                or on your view, up to where the step ends for\n"
	  "                you; checked on a view, they are sealed to its\n"
	  "                referee\n"
	  "  --check       with -g: the same check, and nothing more: nothing\n"
	  "                is signed, written or recorded (a dry run; -o\n"
	  "                naming a character device such as /dev/null is\n"
	  "                refused)\n"
	  "  --detached    write FILE.minisig beside FILE, as minisign -S\n"
	  "  -t COMMENT    the trusted comment (default: umpire/1 game=...\n"
	  "                step=... side=... from the file)\n"
	  "  --seal PUBKEY seal the signed orders to the referee's key\n"
	  "                (file or RW... key): only adjudicate opens them\n"
	  "  --no-seal     leave orders checked on a view unsealed (umpire\n"
	  "                mail sends them to the referee alone)\n"
	  "  --refused REFUSAL  the referee's signed refusal of the orders\n"
	  "                this key signed for the step: sign FILE in their\n"
	  "                place (referee mode); with -g GAME outside\n"
	  "                referee mode: the order file you signed, which\n"
	  "                the game refuses\n"
	  "  --view VIEW   with --refused: the view the orders answer\n"
	  "                (it holds the referee's key)\n" },
	{ "verify", cmd_verify, "verify FILE [-p PUBKEY | --game GAME|VIEW] "
	  "[-x SIGFILE] [-s SECKEY]", "check a signed order file",
	  "  -p PUBKEY     the public key (file or RW... key)\n"
	  "  --game GAME   check against the pending decision of GAME: its\n"
	  "                side's key, game, step, reveal and the answers\n"
	  "                (or of a VIEW: its side's key and the answers)\n"
	  "  -x SIGFILE    a detached signature (default: FILE.minisig)\n"
	  "  -s SECKEY     opens a sealed VIEW and checks it against your\n"
	  "                key's record\n" },
	{ "adjudicate", cmd_adjudicate, "adjudicate GAME ORDERS [-s SECKEY] "
	  "[-o OUT] [--report FILE] [-x SIGFILE] [--full] [--refusal OUT]",
	  "resolve a step, add this role's reveal, countersign",
	  "  -s SECKEY      the counter-party's secret key (default: config)\n"
	  "  -o OUT         where to write the new game (default: stdout)\n"
	  "  --report FILE  where to write the report (default: stderr)\n"
	  "  --full         honour mode: the report of every side, not only\n"
	  "                 this key's side\n"
	  "  -x SIGFILE     the orders' detached signature (default:\n"
	  "                 ORDERS.minisig)\n"
	  "  --refusal OUT  referee mode: when the orders are refused before\n"
	  "                 any draw or hidden decision of the step, write\n"
	  "                 the signed refusal to OUT for the side to mail\n"
	  "                 with the view (it may then sign other orders)\n" },
	{ "report", cmd_report, "report GAME|VIEW [--step N] [--side NAME] "
	  "[-s SECKEY] [--full] [--roster]",
	  "the report of the latest step and the position",
	  "  --step N     the report of step N (default: the latest)\n"
	  "  --side NAME  only what that side may see\n"
	  "  -s SECKEY    the key that opens a sealed view (default: config);\n"
	  "               in honour mode, whose side's report is shown\n"
	  "  --full       honour mode: every side's cards\n"
	  "  --roster     every unit, in a game whose position lists only\n"
	  "               the units that changed (Aachen)\n" },
	{ "render", cmd_render, "render GAME|VIEW -o FILE.svg [--step N] "
	  "[--side NAME] [-s SECKEY] [--full]",
	  "the board after a step as an SVG picture",
	  "  -o FILE.svg  where to write the picture (required; - for stdout)\n"
	  "  --step N     the board after step N (0: the start)\n"
	  "  --side NAME  only what that side may see\n"
	  "  -s SECKEY    the key that opens a sealed view (default: config);\n"
	  "               in honour mode, whose side's board is drawn\n"
	  "  --full       honour mode: every side's cards\n" },
	{ "audit", cmd_audit, "audit GAME [--view FILE...] [-s SECKEY] "
	  "[--against GAME2] [--json]",
	  "replay and verify everything; exit 0 only if all holds",
	  "  --view FILE    a view to rebuild and compare (may repeat)\n"
	  "  -s SECKEY      the key that opens sealed views (default: config)\n"
	  "  --against GAME2  compare two files of one game; name who\n"
	  "                 signed both sides of a fork\n"
	  "  --json         one JSON object (umpire(1), JSON OUTPUT)\n" },
	{ "replay", cmd_replay, "replay [GAME] [--view FILE...] [-o "
	  "FILE.html] [-s SECKEY] [--full]",
	  "the whole game as one HTML page that steps through it",
	  "  -o FILE.html  where to write the page (default: stdout)\n"
	  "  --view FILE   a side's view (may repeat): only what the views\n"
	  "                showed that side; with GAME, each view is first\n"
	  "                checked against it as audit --view checks it\n"
	  "  -s SECKEY     the key that opens sealed views (default: config)\n"
	  "  --full        the referee's replay of a game with views that is\n"
	  "                not over (it shows every hidden card)\n" },
	{ "dice", cmd_dice, "dice GAME [--summary] [--side NAME] [--json]",
	  "every draw: step, turn, phase, purpose, pool, result",
	  "  --summary    add the luck report: per role and rule, draws,\n"
	  "               sum against its expectation, z-score, chance\n"
	  "  --side NAME  what that side may see; other draws hidden\n"
	  "  --json       one JSON object (umpire(1), JSON OUTPUT)\n" },
	{ "view", cmd_view, "view GAME --side NAME [-s SECKEY] [--seal] "
	  "[-o FILE]", "referee mode: what one side may see, signed",
	  "  --side NAME  the side whose view is written\n"
	  "  -s SECKEY    the referee's secret key (default: config)\n"
	  "  --seal       encrypt the view to the side's key\n"
	  "  -o FILE      where to write the view (default: stdout)\n" },
	{ "open", cmd_open, "open VIEW [-s SECKEY] [-o OUT] | "
	  "open ANSWER --view VIEW|-g GAME [-s SECKEY] [-o OUT]",
	  "a sealed view (or a judge's sealed answer) opened for its side",
	  "  -s SECKEY      the side's secret key (default: config)\n"
	  "  -o OUT         where to write the view (default: stdout)\n"
	  "  --view VIEW    a view of the answer's game: its referee key\n"
	  "                 checks who signed the answer\n"
	  "  -g, --game GAME\n"
	  "                 the game file instead (one holding your join)\n" },
	{ "delta", cmd_delta, "delta GAME [--since N] [--to K] [-o OUT]",
	  "only the steps after step N, to mail instead of the game",
	  "  --since N  the steps after step N (default: the last step alone)\n"
	  "  --to K     up to step K only (default: the last; appended to\n"
	  "             the game as joined: the game cut after step K)\n"
	  "  -o OUT     where to write them (default: stdout)\n" },
	{ "append", cmd_append, "append GAME STEPS [-o OUT]",
	  "add mailed steps to one's own game file, checked",
	  "  -o OUT     where to write the longer game (default: stdout)\n" },
	{ "mail", cmd_mail, "mail FILE... [--to ROLE|ADDRESS]... "
	  "[--game GAME|VIEW] [--from ADDRESS]\n           [--report FILE] "
	  "[--inline] [-o OUT | --send]",
	  "a ready-to-send mail message carrying umpire files",
	  "  --to ROLE|ADDRESS  a recipient (may repeat; default: the roles\n"
	  "                    of this file's game that receive it: orders\n"
	  "                    to the counter-party, a view to its side, a\n"
	  "                    game file to the other roles)\n"
	  "  --game GAME|VIEW  the game signed orders answer: their\n"
	  "                    counter-party is its referee, else the other\n"
	  "                    side\n"
	  "  --from ADDRESS    the sender (default: config address)\n"
	  "  --report FILE     the message body (default: the subject)\n"
	  "  --inline          show the first file inline\n"
	  "  -o OUT            where to write the message (default: stdout)\n"
	  "  --send            hand the message to the config's sendmail\n"
	  "                    command (default /usr/sbin/sendmail -t -i)\n" },
	{ "ask", cmd_ask, "ask FILE [--side NAME] [-s SECKEY] [-o OUT]",
	  "a side's signed request to the judge for its letter again",
	  "  FILE         a view, a game file or a judge's letter of the game\n"
	  "  --side NAME  the side asking (default: the view's side)\n"
	  "  -s SECKEY    the side's secret key (default: config)\n"
	  "  -o OUT       where to write the request (default: stdout)\n" },
	{ "judge", cmd_judge, "judge [--games DIR] [--maildir DIR |\n"
	  "           --recipient ADDRESS]\n"
	  "           [--outbox DIR | --sendmail CMD] [-s SECKEY]\n"
	  "           [--accept-new] [--config FILE]\n"
	  "       umpire judge --check | --status [--json] | --tick\n"
	  "           [--games DIR] [--maildir DIR]\n"
	  "           [--outbox DIR | --sendmail CMD]\n"
	  "           [-s SECKEY] [--config FILE]\n"
	  "       umpire judge --lmtp SOCKET|inet:HOST:PORT\n"
	  "           [--lmtp-timeout SECONDS] [--lmtp-workers N]\n"
	  "           [--games DIR] [--outbox DIR | --sendmail CMD]\n"
	  "           [-s SECKEY] [--accept-new] [--config FILE]\n"
	  "       umpire judge --index DIR [--host NAME] [--games DIR]\n"
	  "           [--config FILE]\n"
	  "       umpire judge --init ADDRESS [--games DIR] [-s SECKEY]\n"
	  "           [--config FILE]\n"
	  "       umpire judge --postfix ADDRESS [--lmtp SOCKET] [--apply]\n"
	  "           [-s SECKEY] [--config FILE]",
	  "the referee, run by the mail system on each message",
	  "  --games DIR     the games: GAMEID.yaml each, with failed/,\n"
	  "                  judge.log and GAMEID.lock beside them\n"
	  "                  (default: config [judge] games)\n"
	  "  --maildir DIR   every message of DIR/new, each moved to\n"
	  "                  DIR/cur once dealt with, and what a dead\n"
	  "                  run left in DIR/cur (default: one message\n"
	  "                  on stdin); with --tick, --check, --status:\n"
	  "                  the Maildir to take first or to look at\n"
	  "                  (default: config [judge] maildir)\n"
	  "  --outbox DIR    put the letters in the Maildir DIR (tmp/,\n"
	  "                  then new/) instead of sending them\n"
	  "  --sendmail CMD  send the letters with CMD (default: config\n"
	  "                  sendmail, else /usr/sbin/sendmail -t -i)\n"
	  "  -s SECKEY       the referee's secret key, unencrypted, mode\n"
	  "                  0600 (default: config secret_key)\n"
	  "  --accept-new    take a new game that names this key as its\n"
	  "                  referee (umpire new --referee JUDGE.pub)\n"
	  "  --config FILE   the config file to read instead of the\n"
	  "                  usual one (key, address, sendmail, [judge],\n"
	  "                  [addresses])\n"
	  "  --check         test the set-up (key, games, sendmail or\n"
	  "                  outbox, address, owner, that GMime loads):\n"
	  "                  ok or FIX a line; exit 1 when something is\n"
	  "                  to fix\n"
	  "  --status        a line a game kept: steps, whose move, the\n"
	  "                  roles whose letters bounce, letters in\n"
	  "                  spool/, since when and until when (its\n"
	  "                  clock)\n"
	  "  --json          with --status: an object a game\n"
	  "                  (umpire(1), JSON OUTPUT)\n"
	  "  --tick          keep each game's clock (run it from cron\n"
	  "                  or a timer): a reminder, a notice when the\n"
	  "                  deadline passes, then the game's on_late\n"
	  "  --index DIR     write DIR/index.html, the games kept with\n"
	  "                  what any party may know, and the replay of\n"
	  "                  each game that is over (umpire replay);\n"
	  "                  every host's DIR/games-HOST.rows in it\n"
	  "  --host NAME     this host's rows in --index DIR (default:\n"
	  "                  the host name)\n"
	  "  --init ADDRESS  make the judge's set-up: the games directory\n"
	  "                  (mode 0700), the config file if there is\n"
	  "                  none, the key (no passphrase, mode 0600;\n"
	  "                  one there is refused), then --check\n"
	  "  --lmtp SOCKET   stay, serving LMTP (RFC 2033) on the Unix\n"
	  "                  socket SOCKET (or the one systemd hands\n"
	  "                  over): each message dealt with as one on\n"
	  "                  stdin, 250 once done, 451 to try again;\n"
	  "                  inet:HOST:PORT: on TCP at HOST (none:\n"
	  "                  127.0.0.1; LMTP has no authentication)\n"
	  "  --recipient ADDRESS  where the message on stdin was\n"
	  "                  delivered (pipe(8): ${original_recipient};\n"
	  "                  else ORIGINAL_RECIPIENT): a game's own\n"
	  "                  address, judge+ID8@club, routes it to that\n"
	  "                  game ([judge] recipient_delimiter)\n"
	  "  --lmtp-timeout SECONDS  drop a client that moves no\n"
	  "                  message forward that long, NOOPs or not\n"
	  "                  (default 300; any after 6 times it)\n"
	  "  --lmtp-workers N  processes serving the socket, each its\n"
	  "                  own clients (1 to 64; default one an\n"
	  "                  online CPU, at most 4)\n"
	  "  --postfix ADDRESS  print the commands that make postfix\n"
	  "                  pipe ADDRESS's mail to this judge (its\n"
	  "                  transport, map and limits), as the key's\n"
	  "                  owner, with this program and --config\n"
	  "                  (with --lmtp SOCKET: over LMTP to the\n"
	  "                  judge serving SOCKET)\n"
	  "  --apply         with --postfix: run them (as root)\n" },
	{ "lock", cmd_lock, "lock",
	  "forget the unlocked keys kept in the kernel keyring",
	  "" },
	{ "scenarios", cmd_scenarios,
	  "scenarios [--options ID] [--json]",
	  "installed scenarios with their ids and provenance",
	  "  --options ID  the options of scenario ID, their values and\n"
	  "                default\n"
	  "  --json        JSON (umpire(1), JSON OUTPUT)\n" },
	{ NULL, NULL, NULL, NULL, NULL }
};

static void help(FILE *out)
{
	fprintf(out, "umpire %s - play-by-email adjudicator for board "
		"wargames\n\nusage: umpire COMMAND [OPTIONS]\n\n",
		UMPIRE_VERSION);
	for (const struct command *c = commands; c->name; c++)
		fprintf(out, "  %-11s %s\n", c->name, c->summary);
	fprintf(out, "\nEvery command takes --help (its options, each "
		"with its meaning).\n'umpire --version' prints the version. "
		"'-' means stdin or stdout.\nExit status: 0 success, 1 refused (bad "
		"signature, illegal order,\nfailed audit), 2 usage or "
		"system error. See umpire(1).\n");
}

static char *config_path(void)
{
	const char *p = getenv("UMPIRE_CONFIG");
	struct strbuf sb = STRBUF_INIT;
	if (p && *p)
		return xstrdup(p);
	p = getenv("XDG_CONFIG_HOME");
	if (p && *p) {
		strbuf_addf(&sb, "%s/umpire/config.ini", p);
	} else {
		p = getenv("HOME");
		if (!p || !*p)
			return NULL;
		strbuf_addf(&sb, "%s/.config/umpire/config.ini", p);
	}
	return strbuf_detach(&sb, NULL);
}

/* 1 if dir is a directory. */
static int is_dir(const char *dir)
{
	struct stat st;
	return stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
}

/*
 * The scenario directory when neither $UMPIRE_SCENARIOS nor the config
 * names one: found from where the binary is, so that an install under any
 * PREFIX (BINDIR/umpire beside SHAREDIR/scenarios) and the build tree
 * (build/umpire beside scenarios/) both work without a rebuild; else the
 * directory compiled in. Returns a malloc'd path.
 */
static char *default_scenario_dir(void)
{
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			static const char *const rel[] = {
				"/../share/umpire/scenarios", "/../scenarios"
			};
			*slash = '\0';
			for (size_t i = 0; i < 2; i++) {
				struct strbuf sb = STRBUF_INIT;
				strbuf_addf(&sb, "%s%s", exe, rel[i]);
				char *real = is_dir(sb.buf) ?
					realpath(sb.buf, NULL) : NULL;
				strbuf_free(&sb);
				if (real)
					return real;
			}
		}
	}
	return xstrdup(UMPIRE_SCENARIO_DIR);
}

static int finish(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "umpire: cannot write to stdout\n");
		return EXIT_USAGE;
	}
	return status;
}

/* "WHO: MSG" on stderr, with control bytes shown as \xNN: a message may
 * quote an untrusted file (a config line, a path) and must not drive the
 * terminal. */
static void print_error(const char *who, const char *msg)
{
	fprintf(stderr, "%s: ", who);
	fputs_safe(msg, stderr);
	fputc('\n', stderr);
}

int main(int argc, char **argv)
{
	struct error err = { EXIT_USAGE, "" };
	struct cli cli;
	heap_setup();
	memset(&cli, 0, sizeof cli);
	cli.cfg.unlock_minutes = CONFIG_UNLOCK_MINUTES;
	cli.out = stdout;
	cli.msg = stderr;

	if (argc < 2) {
		help(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		help(stdout);
		return finish(EXIT_OK);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("umpire %s\n", UMPIRE_VERSION);
		return finish(EXIT_OK);
	}
	const struct command *c;
	for (c = commands; c->name; c++)
		if (strcmp(c->name, argv[1]) == 0)
			break;
	if (!c->name) {
		snprintf(err.msg, sizeof err.msg, "unknown command '%s' (see "
			 "'umpire --help')", argv[1]);
		print_error("umpire", err.msg);
		return EXIT_USAGE;
	}
	if (sodium_init() < 0) {
		fprintf(stderr, "umpire: cannot initialise libsodium\n");
		return EXIT_USAGE;
	}
	const char *explicit_cfg = getenv("UMPIRE_CONFIG");
	char *cfg = config_path();
	if (cfg && config_load(&cli.cfg, cfg, !(explicit_cfg && *explicit_cfg),
			       &err)) {
		print_error("umpire", err.msg);
		free(cfg);
		return EXIT_USAGE;
	}
	cli.config_path = cfg;
	const char *pf = getenv("UMPIRE_PASSPHRASE_FILE");
	cli.passphrase_file = pf && *pf ? pf : NULL;
	const char *sd = getenv("UMPIRE_SCENARIOS");
	char *found = NULL;
	if (sd && *sd)
		cli.scenario_dir = sd;
	else if (cli.cfg.scenarios)
		cli.scenario_dir = cli.cfg.scenarios;
	else
		cli.scenario_dir = found = default_scenario_dir();
	cli.cmd = c->name;

	int rc = c->fn(argc - 1, argv + 1, &cli, &err);
	config_free(&cli.cfg);
	free(found);
	free(cfg);
	if (rc < 0) {
		fflush(stdout);
		char who[64];

		snprintf(who, sizeof who, "umpire %s", c->name);
		print_error(who, err.msg);
		return err.status ? err.status : EXIT_USAGE;
	}
	return finish(rc);
}
