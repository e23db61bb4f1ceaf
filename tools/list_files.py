#!/usr/bin/env python3
"""Prints the names of the files in DIR ending in SUFFIX, sorted, one per line.

meson cannot glob; tests/meson.build uses this to register one compile-fail test per
source file, so that adding a case needs no build-file edit.
"""
import os
import sys

directory, suffix = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(directory)):
    if name.endswith(suffix):
        print(name)
