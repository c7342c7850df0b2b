/*
 * judge.c - umpire judge: the referee role as a program the mail system
 * runs (umpire(1), JUDGE). The options and the config are read here;
 * the service itself is src/judge/ (umpire/judge.h).
 */
#include <stdlib.h>
#include <unistd.h>
#include "umpire/commands.h"
#include "umpire/judge.h"
#include "umpire/mail.h"

int cmd_judge(int argc, char **argv, const struct cli *cli,
	      struct error *err)
{
	const char *games = NULL, *maildir = NULL, *outbox = NULL;
	const char *sendmail = NULL, *seckey = NULL, *config = NULL;
	const char *index = NULL, *init = NULL, *lmtp = NULL, *host = NULL;
	const char *lmtp_timeout = NULL, *postfix = NULL, *recipient = NULL;
	const char *lmtp_workers = NULL;
	int accept_new = 0, check = 0, status = 0, tick = 0, json = 0, rc;
	int apply = 0;
	const struct opt opts[] = {
		{ 0, "games", &games, NULL, NULL, NULL },
		{ 0, "maildir", &maildir, NULL, NULL, NULL },
		{ 0, "outbox", &outbox, NULL, NULL, NULL },
		{ 0, "sendmail", &sendmail, NULL, NULL, NULL },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0, "accept-new", NULL, &accept_new, NULL, NULL },
		{ 0, "config", &config, NULL, NULL, NULL },
		{ 0, "check", NULL, &check, NULL, NULL },
		{ 0, "status", NULL, &status, NULL, NULL },
		{ 0, "tick", NULL, &tick, NULL, NULL },
		{ 0, "json", NULL, &json, NULL, NULL },
		{ 0, "index", &index, NULL, NULL, NULL },
		{ 0, "host", &host, NULL, NULL, NULL },
		{ 0, "init", &init, NULL, NULL, NULL },
		{ 0, "lmtp", &lmtp, NULL, NULL, NULL },
		{ 0, "lmtp-timeout", &lmtp_timeout, NULL, NULL, NULL },
		{ 0, "lmtp-workers", &lmtp_workers, NULL, NULL, NULL },
		{ 0, "postfix", &postfix, NULL, NULL, NULL },
		{ 0, "apply", NULL, &apply, NULL, NULL },
		{ 0, "recipient", &recipient, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, NULL, 0, "no argument",
			    err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (outbox && sendmail)
		return usage_error(err, "judge", "--outbox puts the letters "
				   "in a Maildir; --sendmail sends them: give "
				   "one");
	if (check && status)
		return usage_error(err, "judge", "--check tests the set-up; "
				   "--status lists the games: give one");
	if (tick && (check || status))
		return usage_error(err, "judge", "--tick keeps the games' "
				   "clocks; --%s: give one", check ? "check" :
				   "status");
	if (json && !status)
		return usage_error(err, "judge", "--json is for --status");
	if (index && (check || status || tick || maildir))
		return usage_error(err, "judge", "--index DIR writes the page "
				   "of the games and reads no message: give "
				   "it alone (with --games)");
	if (host && !index)
		return usage_error(err, "judge", "--host NAME names this "
				   "host's list of games in --index DIR");
	if (init && (check || status || tick || index || maildir || json))
		return usage_error(err, "judge", "--init ADDRESS makes the "
				   "judge's key, config and games directory: "
				   "give it alone (with --config, -s, --games)");
	if (lmtp && !postfix && (check || status || tick || index || init ||
				 maildir))
		return usage_error(err, "judge", "--lmtp SOCKET serves the "
				   "messages delivered there: give it without "
				   "--%s", check ? "check" : status ? "status" :
				   tick ? "tick" : index ? "index" : init ?
				   "init" : "maildir");
	long timeout = 0;
	if (lmtp_timeout) {
		char *end;
		timeout = strtol(lmtp_timeout, &end, 10);
		if (!lmtp || *end || end == lmtp_timeout || timeout < 1 ||
		    timeout > 86400)
			return usage_error(err, "judge", "--lmtp-timeout is "
					   "the seconds an LMTP client may go "
					   "without moving a message forward "
					   "(1 to 86400), with --lmtp");
	}
	/* workers: one an online CPU, at most JUDGE_LMTP_WORKERS_CPUS */
	long cpus = sysconf(_SC_NPROCESSORS_ONLN), workers = cpus < 1 ? 1 :
		cpus > JUDGE_LMTP_WORKERS_CPUS ? JUDGE_LMTP_WORKERS_CPUS : cpus;
	if (lmtp_workers) {
		char *end;
		workers = strtol(lmtp_workers, &end, 10);
		if (!lmtp || postfix || *end || end == lmtp_workers ||
		    workers < 1 || workers > JUDGE_LMTP_WORKERS_MAX)
			return usage_error(err, "judge", "--lmtp-workers is "
					   "the processes serving the LMTP "
					   "socket (1 to %d), with --lmtp",
					   JUDGE_LMTP_WORKERS_MAX);
	}
	if (postfix && (init || check || status || tick || index || maildir ||
			json || outbox || sendmail || games || accept_new))
		return usage_error(err, "judge", "--postfix ADDRESS prints "
				   "postfix's route to the judge: give it alone "
				   "(with --config, -s, --lmtp, --apply)");
	if (recipient && (lmtp || maildir || tick || check || status ||
			  index || init || postfix))
		return usage_error(err, "judge", "--recipient ADDRESS names "
				   "where the message on stdin was delivered "
				   "(postfix's pipe: --recipient "
				   "${original_recipient}); LMTP gives each "
				   "message's: give it with no --%s", lmtp ?
				   "lmtp" : maildir ? "maildir" : tick ? "tick" :
				   check ? "check" : status ? "status" : index ?
				   "index" : init ? "init" : "postfix");
	/* one message on stdin: local(8) (a ~/.forward or alias running
	 * the judge) says where it was delivered */
	if (!recipient && !(lmtp || maildir || tick || check || status ||
			    index || init || postfix))
		recipient = getenv("ORIGINAL_RECIPIENT");
	if (apply && !postfix)
		return usage_error(err, "judge", "--apply is for --postfix "
				   "ADDRESS");
	struct cli jc = *cli;
	/* --init writes the config file when there is none */
	if (config && config_load(&jc.cfg, config, init != NULL, err))
		return -1;
	if (config && jc.cfg.scenarios)
		jc.scenario_dir = jc.cfg.scenarios;
	struct judge_settings s = {
		.games = games ? games : jc.cfg.judge_games,
		/* a run reads a Maildir only when told (else stdin: the
		 * mail system's pipe); a tick takes what it holds first,
		 * --status and --check name what a dead run left there */
		.maildir = maildir || !(tick || check || status) ? maildir :
			jc.cfg.judge_maildir,
		.outbox = outbox,
		.sendmail = sendmail ? sendmail : jc.cfg.sendmail ?
			jc.cfg.sendmail : MAIL_SENDMAIL,
		.seckey = seckey ? seckey : jc.cfg.secret_key,
		.accept_new = accept_new,
		.tick = tick,
		.json = json,
		.answers_a_day = jc.cfg.judge_answers_set ?
			(unsigned)jc.cfg.judge_answers : JUDGE_ANSWERS_A_DAY,
		.answers_a_step = jc.cfg.judge_answers_step_set ?
			(unsigned)jc.cfg.judge_answers_step :
			JUDGE_ANSWERS_A_STEP,
		.failed_max = jc.cfg.judge_failed_max_set ?
			(size_t)jc.cfg.judge_failed_max : JUDGE_FAILED_MAX,
		.failed_bytes = (size_t)(jc.cfg.judge_failed_mib_set ?
			jc.cfg.judge_failed_mib : JUDGE_FAILED_MIB) << 20,
		.new_games_max = (size_t)(jc.cfg.judge_new_games_set ?
			jc.cfg.judge_new_games : JUDGE_NEW_GAMES_MAX),
		.new_game_bytes = (size_t)(jc.cfg.judge_new_kib_set ?
			jc.cfg.judge_new_kib : JUDGE_NEW_GAME_KIB) << 10,
		.new_idle = (jc.cfg.judge_idle_days_set ?
			jc.cfg.judge_idle_days : JUDGE_NEW_IDLE_DAYS) * 86400L,
		.new_a_key = (size_t)(jc.cfg.judge_a_key_set ?
			jc.cfg.judge_a_key : JUDGE_NEW_A_KEY),
		.new_an_address = (size_t)(jc.cfg.judge_an_address_set ?
			jc.cfg.judge_an_address : JUDGE_NEW_AN_ADDRESS),
		.new_over = (jc.cfg.judge_over_days_set ?
			jc.cfg.judge_over_days : JUDGE_NEW_OVER_DAYS) * 86400L,
		.confirm = (jc.cfg.judge_confirm_set ? jc.cfg.judge_confirm :
			    JUDGE_CONFIRM_HOURS) * 3600L,
		.host_address = jc.cfg.judge_host,
		.lmtp = lmtp,
		.lmtp_timeout = timeout,
		.lmtp_workers = (unsigned)workers,
		.delim = jc.cfg.judge_delim ? jc.cfg.judge_delim : JUDGE_DELIM,
		.recipient = recipient,
		.club = jc.cfg.judge_club,
		.index_host = host,
	};
	if (init)
		rc = judge_init(&jc, &s, init, config ? config :
				cli->config_path, err);
	else if (postfix)
		rc = judge_postfix(&jc, &s, postfix, apply, err);
	else if (check)
		rc = judge_check(&jc, &s, err);
	else if (!s.games)
		rc = usage_error(err, "judge", "give --games DIR, or set games "
				 "under [judge] in the config file");
	else if (status)
		rc = judge_status(&jc, &s, err);
	else if (index)
		rc = judge_index(&jc, &s, index, err);
	else
		rc = judge_run(&jc, &s, err);
	if (config)
		config_free(&jc.cfg);
	return rc;
}
