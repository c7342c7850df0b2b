/*
 * keygen.c - umpire keygen -s SECKEY -p PUBKEY [-W] [-f]
 * A key pair in minisign's formats; the secret key is scrypt-encrypted
 * with a passphrase (asked twice, or $UMPIRE_PASSPHRASE_FILE) unless -W.
 */
#include <string.h>
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/keys.h"

int cmd_keygen(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	const char *sec = cli->cfg.secret_key, *pub = NULL;
	char *pass = NULL, b64[PUBKEY_B64_SIZE];
	int force = 0, unencrypted = 0, rc;
	struct pubkey pk;
	const struct opt opts[] = {
		{ 's', NULL, &sec, NULL, NULL, NULL },
		{ 'p', NULL, &pub, NULL, NULL, NULL },
		{ 'W', NULL, NULL, &unencrypted, NULL, NULL },
		{ 'f', NULL, NULL, &force, NULL, NULL },
		{ 0 }
	};
	if ((rc = cli_parse(cli, argc, argv, opts, NULL, 0, "", err)))
		return rc < 0 ? -1 : EXIT_OK;
	if (!sec || !pub)
		return usage_error(err, "keygen", "give both -s SECKEY and "
				   "-p PUBKEY");
	/* the paths first: a passphrase typed twice for a key that cannot
	 * be written is a passphrase lost */
	const struct io_name outs[] = { { "-s", sec }, { "-p", pub } };
	if (io_distinct(NULL, 0, outs, 2, err) ||
	    keygen_check(sec, pub, force, err))
		return -1;
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
