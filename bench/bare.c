/*
 * bare.c - the bare cost of auditing a game: the signature checks and
 * hashes that `umpire audit` must do for it, and nothing else (no YAML,
 * no rules). For `make bench` (bench/bench.py).
 *
 *   bare GAME   reads the game file, counts its steps (lines "- step: ")
 *               and roles, and does, with libsodium:
 *     per role:  1 Ed25519 verify (the join signature of the header);
 *     per step:  the order file's minisign check: BLAKE2b-512 of the
 *                orders (their decoded size) and 2 Ed25519 verifies
 *                (signature and global signature); the countersignature:
 *                1 Ed25519 verify; in a game with views, the actor's
 *                vouch in the orders (umpire-protocol(7), VIEWS: every
 *                order file carries one, and audit checks it): 1 Ed25519
 *                verify; the two reveals (1 BLAKE2b-256 each),
 *                the seed (1), and the step and state hashes: BLAKE2b-256
 *                over as many bytes as the step takes in the file plus
 *                the state.
 *   All signatures are valid, so no check stops early.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc != 2 || sodium_init() < 0)
		return 2;
	FILE *f = fopen(argv[1], "rb");
	if (!f)
		return 2;
	static char buf[64 << 20];
	size_t len = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[len] = 0;
	size_t steps = 0, roles = 0, orders = 0;
	for (char *p = buf; (p = strstr(p, "\n- step: ")); p++)
		steps++;
	for (char *p = buf; (p = strstr(p, "\n- {name: ")); p++)
		roles++;
	for (char *p = buf; (p = strstr(p, "\n- name: ")); p++)
		roles++;
	/* the order files, their base64 decoded to find the vouches */
	static char b64[1 << 20];
	static unsigned char dec[1 << 20];
	size_t vouches = 0;
	for (char *p = buf; (p = strstr(p, "\n  orders: |-\n")); p++) {
		size_t bl = 0, dl = 0;
		p += 14;
		while (p[0] == ' ' && p[1] == ' ' && p[2] == ' ' && p[3] == ' ') {
			char *e = strchr(p, '\n');
			if (!e)
				break;
			orders += (size_t)(e - p - 4) * 3 / 4;
			if (bl + (size_t)(e - p - 4) < sizeof b64) {
				memcpy(b64 + bl, p + 4, (size_t)(e - p - 4));
				bl += (size_t)(e - p - 4);
			}
			p = e + 1;
		}
		if (sodium_base642bin(dec, sizeof dec - 1, b64, bl, NULL, &dl,
				      NULL, sodium_base64_VARIANT_ORIGINAL) == 0) {
			dec[dl] = 0;
			vouches += strstr((char *)dec, "\nvouch:") != NULL;
		}
	}
	size_t per_step = steps ? len / steps : 0;
	size_t per_orders = steps ? orders / steps : 0;
	unsigned char pk[32], sk[64], sig[64], h64[64], h32[32];
	unsigned char msg[64] = { 0 };
	crypto_sign_keypair(pk, sk);
	crypto_sign_detached(sig, NULL, msg, sizeof msg, sk);
	int bad = 0;
	for (size_t r = 0; r < roles; r++)
		bad |= crypto_sign_verify_detached(sig, msg, sizeof msg, pk);
	for (size_t s = 0; s < steps; s++) {
		const unsigned char *at = (const unsigned char *)buf +
			(per_step * s) % (len ? len : 1);
		size_t n = per_orders < len ? per_orders : len;
		crypto_generichash(h64, 64, (const unsigned char *)buf, n,
				   NULL, 0);
		/* the order file's signature and global signature, then
		 * the countersignature of the step */
		bad |= crypto_sign_verify_detached(sig, msg, sizeof msg, pk);
		bad |= crypto_sign_verify_detached(sig, msg, sizeof msg, pk);
		bad |= crypto_sign_verify_detached(sig, msg, sizeof msg, pk);
		if (s < vouches)
			bad |= crypto_sign_verify_detached(sig, msg, sizeof msg,
							   pk);
		for (int k = 0; k < 3; k++)
			crypto_generichash(h32, 32, h64, 32, NULL, 0);
		crypto_generichash(h32, 32, at, per_step < len ? per_step : 0,
				   NULL, 0);
		msg[0] ^= h32[0] & 0;
	}
	printf("%zu steps, %zu roles, %zu order bytes, %zu vouches\n", steps,
	       roles, orders, vouches);
	return bad ? 1 : 0;
}
