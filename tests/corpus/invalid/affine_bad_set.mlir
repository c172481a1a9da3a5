// An integer set constraint needs ">= 0" or "== 0" after its expression.
"t.op"() {s = affine_set<(d0) : (d0 + 1)>} : () -> ()
