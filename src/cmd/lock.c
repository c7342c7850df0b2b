/*
 * lock.c - umpire lock: drop the unlocked keys kept in the kernel keyring
 * (keys.h), as `ssh-add -D` does for ssh-agent; the next use of a key
 * asks its passphrase again.
 */
#include "umpire/commands.h"
#include "umpire/keys.h"

int cmd_lock(int argc, char **argv, const struct cli *cli,
	     struct error *err)
{
	const struct opt opts[] = { { 0 } };
	int dropped, rc = cli_parse(cli, argc, argv, opts, NULL, 0, "", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (seckey_lock(&dropped, err))
		return -1;
	fprintf(cli->msg, "umpire: %s\n", dropped ? "the unlocked keys "
		"kept in the kernel keyring are dropped" : "no unlocked key "
		"was kept");
	return 0;
}
