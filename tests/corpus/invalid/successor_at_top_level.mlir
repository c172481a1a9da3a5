// Successors outside any region with blocks to branch to.
"t.br"()[^bb1] : () -> ()
