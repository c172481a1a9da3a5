//! `meter-opt`: `mlir-opt`'s command line over the `meter` dialect, with
//! the generic passes and `--meter-normalize`.
//!
//! ```sh
//! cargo run --bin meter-opt -- tests/lit/roundtrip.mlir
//! cargo run --bin meter-opt -- --meter-normalize=unit=m --canonicalize tests/lit/normalize.mlir
//! ```

fn main() {
    downstream::meter_opt().main()
}
