#!/usr/bin/env python3
"""Writes an affine-heavy MLIR file of about N megabytes to stdout.

Each function is a loop nest over memrefs in the affine dialect's custom
forms: affine.for with constant, symbol and max/min map bounds, steps and
iter_args; affine.apply with mod, floordiv and ceildiv; affine.load and
affine.store with subscript expressions; affine.if with integer sets;
affine.parallel with reductions; affine.min/affine.max;
affine.linearize_index/affine.delinearize_index; and the arith ops between
them. The constants vary with a seeded random generator, so a given size and
seed always give the same file. mlir-opt-22 parses and verifies every
function, and `--lower-affine` lowers all of it.

usage: bench/gen_affine.py MEGABYTES [--seed S] > file.mlir
"""

import argparse
import random
import sys

FUNCTION = """\
func.func @kernel{n}(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index, %m: index) -> (f32, f32, index) {{
  %zero = arith.constant 0.000000e+00 : f32
  %s = affine.for %i = 0 to %n step {step} iter_args(%acc = %zero) -> (f32) {{
    %t = affine.for %j = max affine_map<(d0)[s0] -> (d0 - {back}, 0)>(%i)[%m] to min affine_map<(d0)[s0] -> (d0 + {ahead}, s0)>(%i)[%m] iter_args(%a2 = %acc) -> (f32) {{
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * {scale} + d1) mod {modulus})>(%i, %j)
      %v = affine.load %A[%i floordiv {half}, %j + {shift}] : memref<?x?xf32>
      %w = affine.load %B[%k, %j ceildiv {third}] : memref<?x?xf32>
      %p = arith.mulf %v, %w : f32
      affine.if affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, s0 - d0 - {gap} >= 0)>(%i, %j)[%n] {{
        affine.store %p, %A[%i, %j * {stride} + symbol(%m)] : memref<?x?xf32>
      }} else {{
        affine.store %v, %B[%j, %i - {gap}] : memref<?x?xf32>
      }}
      %q = arith.addf %a2, %p : f32
      affine.yield %q : f32
    }}
    affine.yield %t : f32
  }}
  %r = affine.parallel (%x, %y) = (0, 0) to (symbol(%n), {cols}) step (1, {pstep}) reduce ("addf") -> (f32) {{
    %e = affine.load %A[%x, %y floordiv {half}] : memref<?x?xf32>
    affine.yield %e : f32
  }}
  %lo = affine.min affine_map<(d0)[s0] -> (d0 + {ahead}, s0 * {scale}, {cols})>(%n)[%m]
  %hi = affine.max affine_map<(d0)[s0] -> (d0 - {back}, s0 floordiv {third})>(%lo)[%m]
  %lin = affine.linearize_index [%lo, %hi] by ({cols}, {modulus}) : index
  %d:2 = affine.delinearize_index %lin into ({modulus}) : index, index
  %sum = affine.apply affine_map<(d0, d1)[s0] -> (d0 * {stride} + d1 - s0 ceildiv {half})>(%d#0, %d#1)[%m]
  return %s, %r, %sum : f32, f32, index
}}
"""


def function(n, rng):
    return FUNCTION.format(
        n=n,
        step=rng.choice([1, 2, 4]),
        back=rng.randint(1, 9),
        ahead=rng.randint(1, 17),
        scale=rng.randint(2, 9),
        modulus=rng.randint(3, 64),
        half=rng.randint(2, 8),
        shift=rng.randint(0, 7),
        third=rng.randint(2, 5),
        gap=rng.randint(1, 5),
        stride=rng.randint(1, 4),
        cols=rng.randint(8, 128),
        pstep=rng.randint(1, 3),
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("megabytes", type=float)
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    target = int(args.megabytes * 1024 * 1024)
    written = 0
    out = sys.stdout
    n = 0
    while written < target:
        text = function(n, rng)
        out.write(text)
        written += len(text)
        n += 1


if __name__ == "__main__":
    main()
