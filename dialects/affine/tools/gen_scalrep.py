"""Random functions of affine loads and stores for `--affine-scalrep`.

Each seed gives one module: functions over argument and local buffers
with loads, stores, nested `affine.for` (constant, symbolic, `max`/`min`
bounds, steps), `affine.if`, subscripts with remainders and divisions,
and an op of unknown effects now and then. Compare `ods-opt` with
`mlir-opt-22` on many seeds:

    for s in $(seq 1 300); do
      python3 dialects/affine/tools/gen_scalrep.py $s > /tmp/r.mlir
      mlir-opt-22 --allow-unregistered-dialect --affine-scalrep /tmp/r.mlir > /tmp/e 2>&1
      ods-opt --allow-unregistered-dialect --affine-scalrep /tmp/r.mlir > /tmp/g 2>&1
      cmp -s /tmp/e /tmp/g || echo "seed $s differs"
    done

usage: gen_scalrep.py SEED > file.mlir
"""
import random, sys
seed = int(sys.argv[1]); random.seed(seed)
out = []
def sub(ivs, syms):
    # random affine subscript over ivs and symbols
    terms = []
    for v in ivs:
        c = random.choice([0,0,1,1,2,-1])
        if c: terms.append(f"{v}" if c == 1 else f"{v} * {c}")
    if syms and random.random() < 0.3:
        terms.append(f"symbol({random.choice(syms)})")
    k = random.choice([0,0,0,1,2,3])
    e = " + ".join(terms) if terms else "0"
    if k: e = f"{e} + {k}" if terms else f"{k}"
    if terms and random.random() < 0.15:
        e = f"({e}) mod {random.choice([2,3,4])}"
    elif terms and random.random() < 0.1:
        e = f"({e}) floordiv {random.choice([2,3])}"
    return e
for fn in range(8):
    nmem = random.choice([1,2])
    args = ", ".join(f"%m{i}: memref<64xf32>" for i in range(nmem))
    out.append(f"func.func @f{fn}({args}, %x: f32, %y: f32, %n: index) {{")
    bufs = [f"%m{i}" for i in range(nmem)]
    if random.random() < 0.7:
        out.append("  %a = memref.alloc() : memref<64xf32>"); bufs.append("%a")
    cnt = [0]
    def body(ind, ivs, depth):
        for _ in range(random.randint(1, 4)):
            r = random.random()
            m = random.choice(bufs)
            if r < 0.35:
                v = random.choice(["%x", "%y"])
                out.append(f"{ind}affine.store {v}, {m}[{sub(ivs, ['%n'])}] : memref<64xf32>")
            elif r < 0.7:
                cnt[0] += 1
                out.append(f"{ind}%v{cnt[0]} = affine.load {m}[{sub(ivs, ['%n'])}] : memref<64xf32>")
                out.append(f"{ind}%u{cnt[0]} = arith.negf %v{cnt[0]} : f32")
            elif r < 0.9 and depth < 3:
                iv = f"%i{depth}_{cnt[0]}"; cnt[0] += 1
                lb = random.choice(["0", "0", "1", "%n", "max affine_map<(d0) -> (0, d0)>(%n)"])
                ub = random.choice(["8", "16", "4", "%n", "min affine_map<(d0)[s0] -> (16, d0 + 4)>(" + (ivs[-1] if ivs else "%n") + ")[%n]"])
                step = random.choice(["", "", " step 2"])
                out.append(f"{ind}affine.for {iv} = {lb} to {ub}{step} {{")
                body(ind + "  ", ivs + [iv], depth + 1)
                out.append(f"{ind}}}")
            elif r < 0.97 and ivs:
                out.append(f"{ind}affine.if affine_set<(d0) : (d0 - {random.randint(0,5)} >= 0)>({random.choice(ivs)}) {{")
                body(ind + "  ", ivs, depth + 1)
                out.append(f"{ind}}}")
            else:
                out.append(f'{ind}"test.opaque"() : () -> ()')
    body("  ", [], 0)
    out.append("  return"); out.append("}")
print("\n".join(out))
