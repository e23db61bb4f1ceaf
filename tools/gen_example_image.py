#!/usr/bin/env python3
"""Writes examples/data/shapes.pgm, the input of examples/image_filter.cpp: a 96 x 64
8-bit grey image (binary PGM, P5) of a gradient, a bright rectangle, a dark disc and a
checkerboard patch, so that a blur visibly softens edges of every direction. Standard
library only, deterministic.

    python3 tools/gen_example_image.py           # (re)write the file
    python3 tools/gen_example_image.py --check   # exit 1 if the committed file differs
"""
import argparse
import os
import sys

WIDTH, HEIGHT = 96, 64


def pixel(row, col):
    value = 40 + (col * 120) // (WIDTH - 1)                  # left-to-right gradient
    if 8 <= row < 28 and 10 <= col < 40:                     # bright rectangle
        value = 230
    if (row - 40) ** 2 + (col - 66) ** 2 <= 14 ** 2:         # dark disc
        value = 15
    if 44 <= row < 60 and 8 <= col < 32 and ((row // 4) + (col // 4)) % 2 == 0:
        value = 255                                          # checkerboard patch
    return value


def image_bytes():
    header = f'P5\n# sxla example input (tools/gen_example_image.py)\n{WIDTH} {HEIGHT}\n255\n'
    body = bytes(pixel(r, c) for r in range(HEIGHT) for c in range(WIDTH))
    return header.encode('ascii') + body


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--check', action='store_true', help='compare with the committed file')
    parser.add_argument('--root', default=os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')))
    args = parser.parse_args()
    path = os.path.join(args.root, 'examples', 'data', 'shapes.pgm')
    data = image_bytes()
    if args.check:
        with open(path, 'rb') as f:
            if f.read() != data:
                print(f'{path} is not what tools/gen_example_image.py writes: rerun it', file=sys.stderr)
                return 1
        print(f'{path}: current')
        return 0
    with open(path, 'wb') as f:
        f.write(data)
    print(f'wrote {path}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
