//! Unit tests of the memref port: the layout arithmetic, the folds
//! (called directly, as the fold driver will), and builders.

use super::*;
