/*
 * keygen.c - umpire keygen -s SECKEY -p PUBKEY [-W] [-f]
 * A key pair in minisign's formats; the secret key is scrypt-encrypted
 * with a passphrase (asked twice, or $UMPIRE_PASSPHRASE_FILE) unless -W.
 */
#include <getopt.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/keys.h"

int cmd_keygen(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	static const struct option lo[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *sec = cli->cfg.secret_key, *pub = NULL;
	char *pass = NULL, b64[PUBKEY_B64_SIZE];
	unsigned long long seen = 0;
	int opt, force = 0, unencrypted = 0, rc;
	struct pubkey pk;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "s:p:Wfh", lo, NULL)) != -1) {
		if (opt != '?' && opt_once(&seen, opt, argv[optind - 1], err))
			return -1;
		switch (opt) {
		case 's': sec = optarg; break;
		case 'p': pub = optarg; break;
		case 'W': unencrypted = 1; break;
		case 'f': force = 1; break;
		case 'h': print_usage(cli->out, "keygen"); return EXIT_OK;
		default:
			return usage_error(err, "keygen", "unknown or "
					   "incomplete option '%s'",
					   argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(err, "keygen", "unexpected argument: %s",
				   argv[optind]);
	if (!sec || !pub)
		return usage_error(err, "keygen", "give both -s SECKEY and "
				   "-p PUBKEY");
	if (!unencrypted) {
		if (passphrase_get(cli->passphrase_file, sec, 1, &pass, err))
			return -1;
		if (!*pass) {
			passphrase_free(pass);
			return errorf(err, EXIT_USAGE, "empty passphrase for "
				      "%s (use -W for a key without one)",
				      sec);
		}
	}
	rc = keygen_write(sec, pub, pass, force, err);
	passphrase_free(pass);
	if (rc != 0 || pubkey_load(pub, &pk, err) != 0)
		return -1;
	pubkey_to_b64(&pk, b64);
	fprintf(cli->out, "secret key written to %s (keep it secret)\n"
		"public key written to %s:\n%s\n", sec, pub, b64);
	return EXIT_OK;
}
