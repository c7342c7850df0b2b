#!/usr/bin/env python3
"""weak-key.py PLAIN ENCRYPTED PASSPHRASE - encrypt an unencrypted
minisign secret key (umpire keygen -W) with PASSPHRASE, as minisign does
(scrypt stream XORed over keynum, key and checksum), but with libsodium's
smallest scrypt limits (opslimit 32768, memlimit 16 MiB: N = 2^10, r = 8,
p = 1 as libsodium derives them), so that a test unlocks it in
milliseconds rather than the seconds of a real key. Written with
Python's hashlib, not with umpire."""
import base64
import hashlib
import os
import struct
import sys

plain, out, passphrase = sys.argv[1], sys.argv[2], sys.argv[3].encode()
lines = open(plain, encoding="ascii").read().splitlines()
blob = bytearray(base64.b64decode(lines[1]))
assert len(blob) == 158 and blob[2:4] == b"\0\0", "not an unencrypted key"
salt = os.urandom(32)
ops, mem = 32768, 16777216
blob[2:4] = b"Sc"
blob[6:38] = salt
blob[38:46] = struct.pack("<Q", ops)
blob[46:54] = struct.pack("<Q", mem)
stream = hashlib.scrypt(passphrase, salt=salt, n=1 << 10, r=8, p=1,
                        dklen=104)
for i in range(104):
    blob[54 + i] ^= stream[i]
with open(out, "w", encoding="ascii") as f:
    f.write("untrusted comment: minisign encrypted secret key\n")
    f.write(base64.b64encode(bytes(blob)).decode() + "\n")
os.chmod(out, 0o600)
