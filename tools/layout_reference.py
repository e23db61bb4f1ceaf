#!/usr/bin/env python3
"""Independent reference model of XLA array layouts (plain Python 3, stdlib only).

Covers minor_to_major, padded dimensions (padded_dimensions / padding_value) and
tiled layouts, including repeated tiles and '*' (combine) tile entries.

This file was written from the specification texts only:
  ../shared/spec/tiled-layout.md              (tiled-layout formulas, worked numbers)
  ../shared/seeds/000_d6b2c9572636acd2.txt    (shapes, minor_to_major, padding)
  ../shared/seeds/004_742a42330869d735.txt    (tiled layout)
It was NOT derived from the C++ implementation in this repository; it exists to
produce golden data (tests/golden/layout_offsets.txt) that the C++ code is tested against.

Shape string grammar (blanks allowed between tokens):
    shape   := type '[' [ size { ',' size } ] ']' [ layout ]
    layout  := '{' [ dim { ',' dim } ] [ ':' [ 'T' tile { tile } ] [ padding ] ] '}'
    tile    := '(' ( size | '*' ) { ',' ( size | '*' ) } ')'
    padding := 'pad(' size { ',' size } [ ',' ( zero | one | lowest | highest | unknown ) ] ')'
`pad(...)` is this project's spelling of the Layout proto's padded_dimensions (one padded
size per LOGICAL dimension, in logical dimension order) plus padding_value.

Usage as a script:
    python3 tools/layout_reference.py [--out PATH] [--check]
runs the self-checks (they always run, and fail loudly) and writes the golden file
(default: tests/golden/layout_offsets.txt relative to the repository root); with
--check it compares instead of writing (the test suite's golden_data_current).
"""

import argparse
import itertools
import os
import random
import re
import sys
from dataclasses import dataclass
from typing import Optional, Tuple, Union

# ---------------------------------------------------------------------------
# Data model
# ---------------------------------------------------------------------------

ELEMENT_TYPES = ("pred", "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64",
                 "f16", "bf16", "f32", "f64", "c64", "c128")
PADDING_VALUES = ("zero", "one", "lowest", "highest", "unknown")

# A tile entry is either a positive int (tile size) or COMBINE ('*'): "merge this
# dimension into the next more minor one" (XLA stores it as INT64_MIN).
COMBINE = "*"
TileEntry = Union[int, str]


@dataclass(frozen=True)
class Shape:
    etype: str                          # element type name, e.g. "f32"
    dims: Tuple[int, ...]               # logical dimension sizes, dimension 0 first
    minor_to_major: Tuple[int, ...]     # fastest-varying dimension first
    tiles: Tuple[Tuple[TileEntry, ...], ...] = ()   # tile levels, applied in order
    padded: Optional[Tuple[int, ...]] = None        # padded size per logical dim
    padding_value: str = "zero"

    @property
    def rank(self):
        return len(self.dims)

    def element_count(self):
        n = 1
        for d in self.dims:
            n *= d
        return n


def default_minor_to_major(rank):
    """Default layout: dimension order major-to-minor = 0..N-1, i.e. m2m {N-1,...,0}."""
    return tuple(range(rank - 1, -1, -1))


def _ceil_div(a, b):
    return -(-a // b)


def tile_output_rank(rank, tile):
    """Rank of the shape produced by applying `tile` to a shape of rank `rank`:
    untouched major dims + (grid dim + in-tile dim) per non-'*' entry."""
    kept = sum(1 for t in tile if t != COMBINE)
    return rank - len(tile) + 2 * kept


def validate(shape):
    """Raise ValueError unless `shape` is a valid shape+layout."""
    if shape.etype not in ELEMENT_TYPES:
        raise ValueError("unknown element type %r" % (shape.etype,))
    rank = shape.rank
    for d in shape.dims:
        if not isinstance(d, int) or d < 0:
            raise ValueError("bad dimension size %r" % (d,))
    if sorted(shape.minor_to_major) != list(range(rank)):
        raise ValueError("minor_to_major %r is not a permutation of 0..%d"
                         % (shape.minor_to_major, rank - 1))
    if shape.padded is not None:
        if len(shape.padded) != rank:
            raise ValueError("padded_dimensions must have one entry per dimension")
        for p, d in zip(shape.padded, shape.dims):
            if p < d:
                raise ValueError("padded size %d smaller than dimension %d" % (p, d))
    if shape.padding_value not in PADDING_VALUES:
        raise ValueError("bad padding value %r" % (shape.padding_value,))
    if shape.padded is None and shape.padding_value != "zero":
        raise ValueError("padding value without padded dimensions")
    current_rank = rank
    for tile in shape.tiles:
        if len(tile) == 0:
            raise ValueError("empty tile")
        if len(tile) > current_rank:
            raise ValueError("tile %r longer than the rank-%d shape it applies to"
                             % (tile, current_rank))
        for t in tile:
            if t != COMBINE and (not isinstance(t, int) or t < 1):
                raise ValueError("bad tile entry %r" % (t,))
        if tile[-1] == COMBINE:
            raise ValueError("'*' cannot be the last (most minor) entry of a tile")
        current_rank = tile_output_rank(current_rank, tile)
    return shape


def make_shape(etype, dims, minor_to_major=None, tiles=(), padded=None,
               padding_value="zero"):
    dims = tuple(dims)
    if minor_to_major is None:
        minor_to_major = default_minor_to_major(len(dims))
    shape = Shape(etype, dims, tuple(minor_to_major),
                  tuple(tuple(t) for t in tiles),
                  None if padded is None else tuple(padded), padding_value)
    return validate(shape)


# ---------------------------------------------------------------------------
# Parser
# ---------------------------------------------------------------------------

_TOKEN_RE = re.compile(r"\s*(?:([A-Za-z][A-Za-z0-9]*)|([0-9]+)|(\S))")


def _tokenize(text):
    tokens = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if m is None:  # only trailing blanks could fail to match; rstrip removed them
            raise ValueError("cannot tokenize %r at %d" % (text, pos))
        ident, number, punct = m.groups()
        if ident is not None:
            tokens.append(("id", ident))
        elif number is not None:
            tokens.append(("int", int(number)))
        else:
            tokens.append(("p", punct))
        pos = m.end()
    return tokens


class _Parser:
    def __init__(self, text):
        self.text = text
        self.tokens = _tokenize(text)
        self.pos = 0

    def error(self, what):
        return ValueError("parse error in %r (token %d): %s" % (self.text, self.pos, what))

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else ("end", None)

    def at(self, kind, value=None):
        k, v = self.peek()
        return k == kind and (value is None or v == value)

    def take(self, kind, value=None):
        if not self.at(kind, value):
            raise self.error("expected %s %r, got %r" % (kind, value, self.peek()))
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok[1]

    def int_list(self, closer):
        """Comma-separated ints up to (not including) `closer`; may be empty."""
        values = []
        if not self.at("p", closer):
            values.append(self.take("int"))
            while self.at("p", ","):
                self.take("p", ",")
                values.append(self.take("int"))
        return values

    def tile(self):
        self.take("p", "(")
        entries = []
        while True:
            if self.at("p", "*"):
                self.take("p", "*")
                entries.append(COMBINE)
            else:
                entries.append(self.take("int"))
            if self.at("p", ","):
                self.take("p", ",")
                continue
            break
        self.take("p", ")")
        return tuple(entries)

    def padding(self):
        self.take("id", "pad")
        self.take("p", "(")
        sizes = [self.take("int")]
        value = "zero"
        while self.at("p", ","):
            self.take("p", ",")
            if self.at("id"):
                value = self.take("id")
                if value not in PADDING_VALUES:
                    raise self.error("unknown padding value %r" % (value,))
                break
            sizes.append(self.take("int"))
        self.take("p", ")")
        return tuple(sizes), value

    def shape(self):
        etype = self.take("id")
        if etype not in ELEMENT_TYPES:
            raise self.error("unknown element type %r" % (etype,))
        self.take("p", "[")
        dims = self.int_list("]")
        self.take("p", "]")
        m2m = None
        tiles = []
        padded = None
        padding_value = "zero"
        if self.at("p", "{"):
            self.take("p", "{")
            m2m = self.int_list(":") if not self.at("p", "}") else []
            if self.at("p", ":"):
                self.take("p", ":")
                if self.at("id", "T"):
                    self.take("id", "T")
                    tiles.append(self.tile())
                    while self.at("p", "("):
                        tiles.append(self.tile())
                if self.at("id", "pad"):
                    padded, padding_value = self.padding()
            self.take("p", "}")
        if not self.at("end"):
            raise self.error("trailing input %r" % (self.peek(),))
        return make_shape(etype, dims, m2m, tiles, padded, padding_value)


def parse_shape(text):
    """Parse a shape string (see module docstring); raises ValueError if invalid."""
    return _Parser(text).shape()


# ---------------------------------------------------------------------------
# Printer
# ---------------------------------------------------------------------------

def _join(values):
    return ",".join(str(v) for v in values)


def format_shape(shape):
    """Canonical string: no blanks, layout always printed (scalars: `f32[]`)."""
    out = "%s[%s]" % (shape.etype, _join(shape.dims))
    if shape.rank == 0 and not shape.tiles and shape.padded is None:
        return out
    out += "{" + _join(shape.minor_to_major)
    if shape.tiles or shape.padded is not None:
        out += ":"
        if shape.tiles:
            out += "T" + "".join("(" + _join(t) + ")" for t in shape.tiles)
        if shape.padded is not None:
            out += "pad(" + _join(shape.padded)
            if shape.padding_value != "zero":
                out += "," + shape.padding_value
            out += ")"
    return out + "}"


# ---------------------------------------------------------------------------
# Linear index (the model proper), written directly from the spec note
# ---------------------------------------------------------------------------

def _physical(shape, values):
    """Permute a per-logical-dimension tuple to physical order, major to minor:
    phys[k] = values[minor_to_major[rank-1-k]]."""
    rank = shape.rank
    return [values[shape.minor_to_major[rank - 1 - k]] for k in range(rank)]


def _apply_tile(bounds, index, tile):
    """One tile level. `bounds`/`index` are major-to-minor lists of equal length.
    Returns the new (bounds, index)."""
    n = len(bounds)
    m = len(tile)
    assert m <= n
    # The tile covers the m most minor dimensions; the first n-m stay untouched.
    major_bounds = bounds[:n - m]
    major_index = index[:n - m]

    # Step 1: combine. Every '*' entry's dimension is merged into the next more
    # minor dimension (bounds multiply; index = e_major * bound_minor + e_minor) and
    # the '*' is dropped from the tile. A run of '*' keeps accumulating.
    merged_bounds, merged_index, merged_tile = [], [], []
    acc_bound, acc_index = 1, 0
    for j in range(m):
        b = bounds[n - m + j]
        e = index[n - m + j]
        acc_bound, acc_index = acc_bound * b, acc_index * b + e
        if tile[j] == COMBINE:
            continue  # carry into the next more minor dimension
        merged_bounds.append(acc_bound)
        merged_index.append(acc_index)
        merged_tile.append(tile[j])
        acc_bound, acc_index = 1, 0
    assert acc_bound == 1, "'*' as last tile entry"

    # Step 2: tile. Dimension (d, e) with tile t -> grid (ceil(d/t), e//t) and
    # in-tile (t, e%t). New order: untouched major dims, grid dims, in-tile dims.
    grid_bounds = [_ceil_div(d, t) for d, t in zip(merged_bounds, merged_tile)]
    grid_index = [e // t for e, t in zip(merged_index, merged_tile)]
    in_bounds = list(merged_tile)
    in_index = [e % t for e, t in zip(merged_index, merged_tile)]
    return (major_bounds + grid_bounds + in_bounds,
            major_index + grid_index + in_index)


def final_shape_and_index(shape, multi_index):
    """Apply padding, minor_to_major and every tile level; return the final
    major-to-minor (bounds, index)."""
    bound = shape.padded if shape.padded is not None else shape.dims
    bounds = _physical(shape, bound)
    index = _physical(shape, multi_index)
    for tile in shape.tiles:
        bounds, index = _apply_tile(bounds, index, tile)
    return bounds, index


def _row_major(bounds, index):
    """linear_index(e, d) = e_n*d_{n-1}*...*d_1 + ... + e_1 (Horner form)."""
    offset = 0
    for b, e in zip(bounds, index):
        offset = offset * b + e
    return offset


def linear_index(shape, multi_index):
    """Storage offset of the logical element `multi_index` (dimension 0 first)."""
    multi_index = tuple(multi_index)
    if len(multi_index) != shape.rank:
        raise ValueError("index rank mismatch")
    for e, d in zip(multi_index, shape.dims):
        if not 0 <= e < d:
            raise ValueError("index %r out of bounds for %r" % (multi_index, shape.dims))
    bounds, index = final_shape_and_index(shape, multi_index)
    return _row_major(bounds, index)


def storage_count(shape):
    """Number of storage slots, padding included = product of the final bounds."""
    bounds, _ = final_shape_and_index(shape, [0] * shape.rank)
    count = 1
    for b in bounds:
        count *= b
    return count


def logical_indices(shape):
    """All logical indices in row-major LOGICAL order (last dimension fastest)."""
    return itertools.product(*[range(d) for d in shape.dims])


def all_offsets(shape):
    return [linear_index(shape, idx) for idx in logical_indices(shape)]


# ---------------------------------------------------------------------------
# Independent cross-checks (different formulations of the same rules)
# ---------------------------------------------------------------------------

def _stride_offsets(shape):
    """Untiled (possibly padded) layout via explicit strides:
    stride[m2m[0]] = 1, stride[m2m[k]] = stride[m2m[k-1]] * bound[m2m[k-1]]."""
    assert not shape.tiles
    bound = shape.padded if shape.padded is not None else shape.dims
    stride = [0] * shape.rank
    s = 1
    for dim in shape.minor_to_major:
        stride[dim] = s
        s *= bound[dim]
    offsets = [sum(e * st for e, st in zip(idx, stride)) for idx in logical_indices(shape)]
    return offsets, s


def _enumerated_single_tile_offsets(shape):
    """One tile level without '*', by the picture in seed 004: walk the untouched
    major dimensions, then the tiles in row-major order, then the elements inside
    each tile, numbering every slot; slots outside the (padded) physical bounds are
    padding. Returns (offsets in logical order, storage count)."""
    assert len(shape.tiles) == 1 and COMBINE not in shape.tiles[0]
    tile = shape.tiles[0]
    bound = shape.padded if shape.padded is not None else shape.dims
    phys = [bound[shape.minor_to_major[shape.rank - 1 - k]] for k in range(shape.rank)]
    n, m = len(phys), len(tile)
    major, minor = phys[:n - m], phys[n - m:]
    grid = [(d + t - 1) // t for d, t in zip(minor, tile)]
    slot_of = {}
    counter = 0
    for maj in itertools.product(*[range(d) for d in major]):
        for g in itertools.product(*[range(c) for c in grid]):
            for w in itertools.product(*[range(t) for t in tile]):
                pos = maj + tuple(gi * ti + wi for gi, ti, wi in zip(g, tile, w))
                if all(p < b for p, b in zip(pos, phys)):
                    slot_of[pos] = counter
                counter += 1
    offsets = []
    for idx in logical_indices(shape):
        pos = tuple(idx[shape.minor_to_major[shape.rank - 1 - k]] for k in range(shape.rank))
        offsets.append(slot_of[pos])
    return offsets, counter


def check_shape(shape):
    """Checks run on every emitted shape; returns (storage, offsets)."""
    text = format_shape(shape)
    again = parse_shape(text)
    assert again == shape, "round trip changed %s -> %r" % (text, again)
    assert format_shape(again) == text
    storage = storage_count(shape)
    offsets = all_offsets(shape)
    assert len(offsets) == shape.element_count()
    assert len(set(offsets)) == len(offsets), "offsets not injective for " + text
    assert all(0 <= o < storage for o in offsets), "offset out of range for " + text
    if not shape.tiles:
        ref, ref_storage = _stride_offsets(shape)
        assert (ref, ref_storage) == (offsets, storage), "stride cross-check failed: " + text
    elif (len(shape.tiles) == 1 and COMBINE not in shape.tiles[0]
          and storage <= 200000):
        ref, ref_storage = _enumerated_single_tile_offsets(shape)
        assert (ref, ref_storage) == (offsets, storage), "tile cross-check failed: " + text
    return storage, offsets


# ---------------------------------------------------------------------------
# Self-checks from the spec and seeds (always run)
# ---------------------------------------------------------------------------

def _memory_picture(shape, values, fill="0"):
    """Place `values` (logical row-major order) into storage; fill padding."""
    memory = [fill] * storage_count(shape)
    for idx, v in zip(logical_indices(shape), values):
        memory[linear_index(shape, idx)] = v
    return memory


def _expect_invalid(text):
    try:
        parse_shape(text)
    except ValueError:
        return
    raise AssertionError("expected %r to be rejected" % (text,))


def self_check():
    # Spec / seed 004, figure 1: f32[3,5]{1,0:T(2,2)}.
    s = parse_shape("f32[3,5]{1,0:T(2,2)}")
    assert linear_index(s, (2, 3)) == 17
    assert storage_count(s) == 24
    assert final_shape_and_index(s, (2, 3)) == ([2, 3, 2, 2], [1, 1, 0, 1])
    assert all_offsets(s) == [0, 1, 4, 5, 8, 2, 3, 6, 7, 10, 12, 13, 16, 17, 20]

    # Spec / seed 004, figure 2: f32[4,8]{1,0:T(2,4)(2,1)}.
    s = parse_shape("f32[4,8]{1,0:T(2,4)(2,1)}")
    table = [[0, 2, 4, 6, 8, 10, 12, 14],
             [1, 3, 5, 7, 9, 11, 13, 15],
             [16, 18, 20, 22, 24, 26, 28, 30],
             [17, 19, 21, 23, 25, 27, 29, 31]]
    assert [[linear_index(s, (i, j)) for j in range(8)] for i in range(4)] == table
    assert storage_count(s) == 32

    # Spec: combining dimensions.
    s = parse_shape("f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}")
    assert linear_index(s, (1, 6, 7, 10, 9)) == 12430
    assert storage_count(s) == 12432 == 56 * 37 * 2 * 3
    flat = parse_shape("f32[112,110]{1,0:T(2,3)}")
    assert linear_index(flat, (111, 109)) == 12430
    assert storage_count(flat) == 12432
    # "laid out exactly as f32[112,110]{1,0:T(2,3)}": compare every element.
    for a, b, c, d, e in logical_indices(s):
        assert linear_index(s, (a, b, c, d, e)) == \
            linear_index(flat, ((a * 7 + b) * 8 + c, d * 10 + e))
    offs = all_offsets(s)
    assert len(set(offs)) == len(offs) and 0 <= min(offs) and max(offs) < 12432

    # Seed 000: [2x3] array "a b c / d e f".
    letters = list("abcdef")
    assert _memory_picture(parse_shape("f32[2,3]{0,1}"), letters) == list("adbecf")
    assert _memory_picture(parse_shape("f32[2,3]{1,0}"), letters) == list("abcdef")
    assert _memory_picture(parse_shape("f32[2,3]"), letters) == list("abcdef")
    padded = parse_shape("f32[2,3]{0,1:pad(3,5)}")
    picture = "a d 0 b e 0 c f 0 0 0 0 0 0 0".split()
    assert storage_count(padded) == 15
    assert _memory_picture(padded, letters) == picture
    # ... "equivalent to the 3x5 array a b c 0 0 / d e f 0 0 / 0 0 0 0 0" with the
    # same minor_to_major.
    big = parse_shape("f32[3,5]{0,1}")
    assert _memory_picture(big, "a b c 0 0 d e f 0 0 0 0 0 0 0".split()) == picture

    # Round trips of the spec's strings and of non-canonical spellings.
    for text in ("bf16[2,3,1004]{2,1,0:T(2,*,128)}", "f32[3,5]{1,0:T(2,2)}",
                 "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
                 "f32[4,8]{1,0:T(2,4)(2,1)}", "f32[2,3,4,5]{3,2,1,0:T(42,123)(4,5)}",
                 "f32[2,3]{0,1:pad(3,5)}", "s8[2,3]{1,0:T(2,2)pad(4,4,lowest)}",
                 "f32[]", "pred[0]{0}"):
        assert format_shape(parse_shape(text)) == text, text
    big_bf16 = parse_shape("bf16[2,3,1004]{2,1,0:T(2,*,128)}")
    assert big_bf16.tiles == ((2, COMBINE, 128),)
    offs = all_offsets(big_bf16)
    assert len(set(offs)) == len(offs) and max(offs) < storage_count(big_bf16)
    for text, canon in (
            ("f32[2,3]", "f32[2,3]{1,0}"),
            ("f32[]{}", "f32[]"),
            ("f32[2,3]{1,0:}", "f32[2,3]{1,0}"),
            (" f32 [ 2 , 3 ] { 0 , 1 : T ( * , 2 ) ( 2 ) pad ( 3 , 5 , zero ) } ",
             "f32[2,3]{0,1:T(*,2)(2)pad(3,5)}"),
            ("u8[4]{0:pad(6,unknown)}", "u8[4]{0:pad(6,unknown)}"),
            ("c64[1,2,3]{0,1,2:T(1)(1,1)}", "c64[1,2,3]{0,1,2:T(1)(1,1)}")):
        assert format_shape(parse_shape(text)) == canon, (text, canon)
    assert parse_shape("f32[2,3]") == parse_shape("f32[2,3]{1,0}")
    for bad in ("x32[2]", "f32[2,3]{0,0}", "f32[2,3]{0}", "f32[2,3]{}",
                "f32[2,3]{1,0:T(2,*)}", "f32[2,3]{1,0:T(1,2,3)}", "f32[2,3]{1,0:T(0,2)}",
                "f32[2,3]{1,0:T()}", "f32[2,3]{1,0:T}", "f32[2,3]{1,0:pad(1,3)}",
                "f32[2,3]{1,0:pad(3)}", "f32[2,3]{1,0:pad(3,5,zero,one)}",
                "f32[2,3]{1,0:pad(3,5,two)}", "f32[2,3]{1,0:pad(3,5)T(2,2)}",
                "f32[2,3]{1,0:T(2,2)(1,1,1,1,1)}", "f32[2,3]{1,0", "f32[2,3]x",
                "f32[-1]", "f32[]{0}", "f32[]{:T(1)}", "F32[2]"):
        _expect_invalid(bad)

    # A second tile reaching into the grid dims of the first: f32[4,6]{1,0:T(2,2)(2,1,1)}
    # first level: (4,6) -> (2,3,2,2); second covers (3,2,2) -> (2,2,2,2,1,1).
    s = parse_shape("f32[4,6]{1,0:T(2,2)(2,1,1)}")
    assert final_shape_and_index(s, (3, 5)) == ([2, 2, 2, 2, 2, 1, 1],
                                                [1, 1, 1, 1, 0, 0, 0])
    assert storage_count(s) == 32
    # Scalars.
    s = parse_shape("f32[]")
    assert storage_count(s) == 1 and all_offsets(s) == [0]


# ---------------------------------------------------------------------------
# The golden shape set
# ---------------------------------------------------------------------------

MAX_ELEMENTS = 4096

FIXED_SHAPES = [
    # Spec and seed examples (the two spec examples with > 4096 elements are only
    # checked in self_check(); smaller relatives of them are listed here).
    "f32[3,5]{1,0:T(2,2)}",
    "f32[4,8]{1,0:T(2,4)(2,1)}",
    "f32[2,3,4,5,6]{4,3,2,1,0:T(*,*,2,*,3)}",
    "f32[24,30]{1,0:T(2,3)}",
    "f32[2,7,8,3,2]{4,3,2,1,0:T(*,*,2,*,3)}",
    "bf16[2,3,100]{2,1,0:T(2,*,128)}",
    "bf16[2,3,7]{2,1,0:T(2,*,128)}",
    "f32[1,1,43,50]{3,2,1,0:T(42,123)(4,5)}",
    "f32[2,3]{0,1}",
    "f32[2,3]{1,0}",
    "f32[2,3]{0,1:pad(3,5)}",
    "f32[3,5]{0,1}",
    # Row/column major and all permutations of a rank-3 shape.
    "s32[3,4]{1,0}",
    "s32[3,4]{0,1}",
    "f32[2,3,4]{2,1,0}",
    "f32[2,3,4]{2,0,1}",
    "f32[2,3,4]{1,2,0}",
    "f32[2,3,4]{1,0,2}",
    "f32[2,3,4]{0,2,1}",
    "f32[2,3,4]{0,1,2}",
    # Rank 0 and rank 1.
    "f32[]",
    "s64[]",
    "f32[5]{0}",
    "u8[1]{0}",
    "f32[7]{0:pad(9)}",
    "f32[5]{0:T(2)}",
    "f32[3]{0:T(128)}",
    "bf16[5]{0:T(2)(1)}",
    # Zero-size dimensions, untiled and tiled (and padded).
    "u8[0]{0}",
    "f32[0,3]{1,0}",
    "f32[3,0]{0,1}",
    "f32[2,0,4]{0,2,1}",
    "f32[0,5]{1,0:T(2,2)}",
    "f32[3,0]{1,0:T(2,2)}",
    "f32[2,0,3]{2,1,0:T(2,2)}",
    "f32[0]{0:T(4)}",
    "f32[0,3]{1,0:pad(2,4)}",
    "f32[0,3]{1,0:T(2,2)pad(1,3)}",
    "f32[4,0]{0,1:T(*,2)}",
    # Padded layouts.
    "f32[2,3]{1,0:pad(3,5)}",
    "f32[2,3]{1,0:pad(2,3)}",
    "f32[2,3,4]{2,1,0:pad(2,4,5)}",
    "f32[2,3,4]{0,2,1:pad(3,3,6,lowest)}",
    "s32[3,2]{0,1:pad(4,3,highest)}",
    "u16[2,2,2]{1,0,2:pad(3,2,4,one)}",
    "f64[3,1,2]{2,0,1:pad(5,2,2,unknown)}",
    # Padding combined with tiling.
    "f32[3,5]{1,0:T(2,2)pad(4,6)}",
    "f32[3,5]{0,1:T(2,4)pad(3,7,one)}",
    "f32[5,7]{1,0:T(4,2)(2,1)pad(6,7)}",
    "bf16[3,4,5]{1,2,0:T(*,2,2)pad(4,4,6,lowest)}",
    # Single tiles of full rank.
    "f32[4,6]{1,0:T(2,3)}",
    "f32[5,7]{0,1:T(2,4)}",
    "f32[3,4,5]{2,1,0:T(2,2,2)}",
    "f32[3,4,5]{0,2,1:T(2,3,2)}",
    "f32[3,4,5]{1,0,2:T(1,1,1)}",
    # Single tiles of lower rank than the shape.
    "f32[3,4,5]{2,1,0:T(2)}",
    "f32[3,4,5]{2,1,0:T(3,4)}",
    "f32[2,3,4,5]{3,2,1,0:T(2,2)}",
    "f32[2,3,4,5]{1,3,0,2:T(4)}",
    # Tiles larger than the dimensions.
    "f32[3,5]{1,0:T(8,8)}",
    "f32[2,3]{1,0:T(4,128)}",
    "f32[2,3,2]{0,1,2:T(5,5,5)}",
    # Repeated tiles.
    "bf16[10,20]{1,0:T(8,128)(2,1)}",
    "bf16[16,128]{1,0:T(8,128)(2,1)}",
    "bf16[3,5,7]{2,1,0:T(8,128)(2,1)}",
    "bf16[9,3]{0,1:T(8,128)(2,1)}",
    "f32[4,6]{1,0:T(2,2)(2,1,1)}",
    "f32[5,6]{0,1:T(2,3)(2,1,3)}",
    "f32[4,6]{1,0:T(2,2)(2,2,2,2)}",
    "f32[6,8]{1,0:T(2,4)(2,1)(2)}",
    "f32[3,5,7]{2,1,0:T(2,4)(3,1,2)(2,1)}",
    "f32[4,6]{1,0:T(2,2)(*,2,1)}",
    # '*' combined dimensions.
    "f32[2,3,4,5]{3,2,1,0:T(*,*,*,4)}",
    "f32[2,3,4,5]{0,1,2,3:T(*,*,3)}",
    "f32[3,4,5]{2,1,0:T(*,4)}",
    "f32[2,3,4,5]{3,2,1,0:T(2,*,3)}",
    "f32[2,3,4,5]{2,3,1,0:T(*,2,*,3)pad(3,3,5,5)}",
    "f32[3,4,5]{2,0,1:T(*,*,7)}",
    "f32[2,3,4]{2,1,0:T(*,1)(*,2)}",
    # Higher ranks, untiled.
    "f32[2,2,2,2,2,2]{5,4,3,2,1,0}",
    "f32[2,1,3,1,2,2,1]{0,2,4,6,1,3,5}",
    "f32[2,2,2,2,2,2,2,2]{7,6,5,4,3,2,1,0}",
    "f32[2,1,3,1,2,2,1,2]{3,7,0,5,1,6,2,4}",
    "s8[2,2,1,2,1,2,2,2]{0,1,2,3,4,5,6,7:pad(3,2,1,2,2,3,2,2)}",
    "f32[1,2,0,3,1,2]{5,3,1,0,2,4}",
]


def random_shape(rng):
    """A pseudo-random valid shape (element count <= MAX_ELEMENTS)."""
    etype = rng.choice(ELEMENT_TYPES)
    high_rank = rng.random() < 0.08
    rank = rng.randint(6, 8) if high_rank else rng.randint(0, 5)
    while True:
        # Sizes 0..7; 0 is drawn less often so that most shapes are non-empty.
        dims = [0 if rng.random() < 0.04 else rng.randint(1, 7) for _ in range(rank)]
        count = 1
        for d in dims:
            count *= d
        if count <= MAX_ELEMENTS:
            break
    m2m = list(range(rank))
    rng.shuffle(m2m)
    padded = None
    padding_value = "zero"
    if rank > 0 and rng.random() < 0.3:
        padded = [d + rng.randint(0, 2) for d in dims]
        if rng.random() < 0.4:
            padding_value = rng.choice(PADDING_VALUES[1:])
    tiles = []
    if not high_rank and rank > 0:
        current_rank = rank
        for _ in range(rng.choice((0, 1, 1, 1, 2, 2, 3))):
            length = rng.randint(1, min(current_rank, 5))
            tile = []
            for j in range(length):
                if j < length - 1 and rng.random() < 0.2:
                    tile.append(COMBINE)
                else:
                    tile.append(rng.randint(1, 5))
            tiles.append(tuple(tile))
            current_rank = tile_output_rank(current_rank, tile)
    return make_shape(etype, dims, m2m, tiles, padded, padding_value)


def golden_shapes(n_random=150):
    shapes = [parse_shape(text) for text in FIXED_SHAPES]
    # Drop exact duplicates (by canonical string), keeping the first occurrence.
    seen, unique = set(), []

    def add(s):
        key = format_shape(s)
        if key in seen:
            return False
        seen.add(key)
        unique.append(s)
        return True

    for s in shapes:
        add(s)
    # Then n_random distinct pseudo-random shapes (deterministic seed).
    rng = random.Random(20261122)
    added = 0
    while added < n_random:
        if add(random_shape(rng)):
            added += 1
    return unique


HEADER = ("# Generated by tools/layout_reference.py from "
          "../shared/spec/tiled-layout.md; do not edit.")


def golden_text(shapes):
    blocks = []
    for s in shapes:
        assert s.element_count() <= MAX_ELEMENTS, format_shape(s)
        storage, offsets = check_shape(s)
        blocks.append("shape %s\nstorage %d\n%s" % (
            format_shape(s), storage,
            " ".join(["offsets"] + [str(o) for o in offsets])))
    return HEADER + "\n" + "\n\n".join(blocks) + "\n"


def main(argv=None):
    repo_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(repo_root, "tests", "golden",
                                                  "layout_offsets.txt"))
    ap.add_argument("--check", action="store_true",
                    help="run the self-checks and compare with --out instead of writing it")
    args = ap.parse_args(argv)
    if not __debug__:
        sys.exit("layout_reference.py: the self-checks use assert; do not run with -O")
    self_check()
    shapes = golden_shapes()
    text = golden_text(shapes)
    assert len(text.encode()) < 1_000_000, "golden file too large"
    if args.check:
        with open(args.out, newline="\n") as f:
            if f.read() != text:
                sys.exit("%s is stale: run python3 tools/layout_reference.py" % args.out)
        print("self-checks pass; %s is current (%d shapes)" % (args.out, len(shapes)))
        return 0
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", newline="\n") as f:
        f.write(text)
    print("wrote %s: %d shapes, %d bytes" % (args.out, len(shapes), len(text.encode())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
