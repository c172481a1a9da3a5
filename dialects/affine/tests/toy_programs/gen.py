#!/usr/bin/env python3
"""Writes Toy programs that exercise `--affine-loop-fusion` through
`toyc-ch5 -emit=mlir-affine -opt`: literals of seven shapes (dimensions
of 1 among them), transposes, additions and multiplications of
same-shaped values, random prints. Program N depends on its seed only.

usage: gen.py OUT_DIR FIRST_SEED COUNT
"""
import os
import random
import sys

SHAPES = [(2, 3), (3, 2), (1, 3), (3, 1), (2, 2), (1, 1), (4, 2)]


def literal(shape, rng):
    rows = []
    for _ in range(shape[0]):
        rows.append("[" + ", ".join(str(rng.randint(1, 9)) for _ in range(shape[1])) + "]")
    return "[" + ", ".join(rows) + "]"


def program(seed):
    rng = random.Random(seed)
    lines = ["def main() {"]
    values = []  # (name, shape)
    for _ in range(rng.randint(2, 4)):
        shape = rng.choice(SHAPES)
        name = f"v{len(values)}"
        lines.append(f"  var {name} = {literal(shape, rng)};")
        values.append((name, shape))
    for _ in range(rng.randint(2, 6)):
        a = rng.choice(values)
        if rng.random() < 0.3:
            expr, shape = f"transpose({a[0]})", (a[1][1], a[1][0])
        else:
            same = [v for v in values if v[1] == a[1]]
            flipped = [v for v in values if (v[1][1], v[1][0]) == a[1]]
            op = rng.choice(["+", "*"])
            if flipped and rng.random() < 0.4:
                expr = f"{a[0]} {op} transpose({rng.choice(flipped)[0]})"
            else:
                expr = f"{a[0]} {op} {rng.choice(same)[0]}"
            shape = a[1]
        name = f"v{len(values)}"
        lines.append(f"  var {name} = {expr};")
        values.append((name, shape))
        if rng.random() < 0.4:
            lines.append(f"  print({name});")
    lines.append(f"  print({values[-1][0]});")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    out, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.makedirs(out, exist_ok=True)
    for seed in range(first, first + count):
        with open(os.path.join(out, f"g{seed:04}.toy"), "w") as f:
            f.write(program(seed))


if __name__ == "__main__":
    main()
