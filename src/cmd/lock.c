/*
 * lock.c - umpire lock: drop the unlocked keys kept in the kernel keyring
 * (keys.h), as `ssh-add -D` does for ssh-agent; the next use of a key
 * asks its passphrase again. The keys are kept in the user keyring, so
 * a lock in any session of the user drops those every session uses.
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
	if (dropped)
		fprintf(cli->msg, "umpire: %d unlocked key%s kept in the "
			"kernel keyring %s dropped\n", dropped,
			dropped == 1 ? "" : "s", dropped == 1 ? "is" : "are");
	else
		fprintf(cli->msg, "umpire: no unlocked key was kept\n");
	return 0;
}
