#!/usr/bin/env python3
"""answerforge.py - a judge's sealed answer as anyone who knows a side's
public key can make one, from umpire-protocol(7) (VIEWS, Sealed views and
Sealed answers), never with umpire itself.

    answerforge.py PUBKEY GAME SIDE TEXT OUT

seals the file TEXT (its bytes as they are) to the side's key PUBKEY
(an umpire public key file), padded to a multiple of 16384 bytes with
ISO/IEC 7816-4 padding as sodium_pad pads, in a libsodium sealed box
(nacl.public.SealedBox: X25519 from the Ed25519 key), and writes the
document "umpire: sealed-answer/1", game GAME, for SIDE, box, to OUT.
No secret key is needed: that is the attack.
"""
import base64
import sys

import nacl.bindings
import nacl.public

PAD_BLOCK = 16384


def ed25519_pk(path):
    lines = [ln for ln in open(path).read().split("\n")
             if ln.strip() and not ln.startswith("untrusted comment:")]
    raw = base64.b64decode(lines[0])
    assert raw[:2] == b"Ed" and len(raw) == 42, "an umpire public key"
    return raw[10:42]


def pad(text):
    n = (len(text) // PAD_BLOCK + 1) * PAD_BLOCK
    return text + b"\x80" + b"\0" * (n - len(text) - 1)


def main():
    pub, game, side, text, out = sys.argv[1:6]
    xpk = nacl.bindings.crypto_sign_ed25519_pk_to_curve25519(ed25519_pk(pub))
    box = nacl.public.SealedBox(nacl.public.PublicKey(xpk)).encrypt(
        pad(open(text, "rb").read()))
    b = base64.b64encode(bytes(box)).decode()
    with open(out, "w") as f:
        f.write("umpire: sealed-answer/1\ngame: %s\nfor: %s\nbox: |-\n"
                % (game, side))
        for i in range(0, len(b), 64):
            f.write("  %s\n" % b[i:i + 64])


if __name__ == "__main__":
    main()
