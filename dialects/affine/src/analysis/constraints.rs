//! A system of integer linear constraints and whether it has a solution
//! (MLIR's `IntegerRelation` with `isEmpty`): what the dependence check
//! asks of the iteration domains of two memory accesses.
//!
//! In: variables (columns) and rows of coefficients, one per variable
//! then a constant; an equality says `row = 0`, an inequality `row >= 0`.
//! Out: whether no point satisfies them, decided as MLIR decides it: the
//! GCD test on equalities, Gaussian elimination of every variable an
//! equality holds, then Fourier-Motzkin elimination of the rest with
//! integer tightening of each new inequality; a system whose constraints
//! explode (32 per variable of the original) counts as not empty, as
//! upstream's does. The answer is the rational shadow's, tightened, so
//! "not empty" may be a false dependence, never a missed one.

/// Integer linear constraints over `num_vars` variables.
#[derive(Clone, Debug, Default)]
pub struct IntegerConstraints {
    num_vars: usize,
    eqs: Vec<Vec<i64>>,
    ineqs: Vec<Vec<i64>>,
}

/// MLIR's `kExplosionFactor`: past this many constraints per variable,
/// Fourier-Motzkin gives up and calls the system not empty.
const EXPLOSION_FACTOR: usize = 32;

impl IntegerConstraints {
    /// A system with `num_vars` variables and no constraints.
    pub fn new(num_vars: usize) -> Self {
        IntegerConstraints {
            num_vars,
            eqs: Vec::new(),
            ineqs: Vec::new(),
        }
    }

    /// The number of variables (columns before the constant).
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// Appends a variable, unconstrained; returns its column.
    pub fn add_var(&mut self) -> usize {
        for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
            row.insert(self.num_vars, 0);
        }
        self.num_vars += 1;
        self.num_vars - 1
    }

    /// Adds `row = 0` (`row` has a coefficient per variable, then the
    /// constant; a shorter row is padded with zero coefficients).
    pub fn add_equality(&mut self, row: Vec<i64>) {
        let row = self.pad(row);
        self.eqs.push(row);
    }

    /// Adds `row >= 0`.
    pub fn add_inequality(&mut self, row: Vec<i64>) {
        let row = self.pad(row);
        self.ineqs.push(row);
    }

    /// Adds a variable `q = floor(dividend / divisor)` for a positive
    /// `divisor` (MLIR's `addLocalFloorDiv`): `divisor * q <= dividend`
    /// and `dividend <= divisor * q + divisor - 1`. Returns its column.
    pub fn add_floor_div(&mut self, dividend: &[i64], divisor: i64) -> usize {
        let q = self.add_var();
        let mut lower = self.pad(dividend.to_vec());
        lower[q] -= divisor;
        let mut upper: Vec<i64> = lower.iter().map(|x| -x).collect();
        *upper.last_mut().expect("a row has its constant") += divisor - 1;
        self.ineqs.push(lower);
        self.ineqs.push(upper);
        q
    }

    /// `row` with a coefficient for every variable, the constant last.
    fn pad(&self, mut row: Vec<i64>) -> Vec<i64> {
        let constant = row.pop().unwrap_or(0);
        row.resize(self.num_vars, 0);
        row.push(constant);
        row
    }

    /// Whether no integer point satisfies the constraints, as MLIR's
    /// `IntegerRelation::isEmpty` decides it (see the module comment).
    pub fn is_empty(&self) -> bool {
        let mut sys = Work {
            num_vars: self.num_vars,
            eqs: self.eqs.iter().map(|r| widen(r)).collect(),
            ineqs: self.ineqs.iter().map(|r| widen(r)).collect(),
        };
        sys.is_empty(EXPLOSION_FACTOR * self.num_vars)
            .unwrap_or(false)
    }
}

fn widen(row: &[i64]) -> Vec<i128> {
    row.iter().map(|&x| x as i128).collect()
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The system being eliminated, in wide integers; `None` from a step is
/// an overflow, which counts as "not known empty".
struct Work {
    num_vars: usize,
    eqs: Vec<Vec<i128>>,
    ineqs: Vec<Vec<i128>>,
}

/// Keeps coefficients far from overflowing `i128` in products.
const LIMIT: i128 = 1 << 60;

impl Work {
    fn is_empty(&mut self, explosion: usize) -> Option<bool> {
        if self.has_invalid_constraint() || self.fails_gcd_test() {
            return Some(true);
        }
        let mut pos = 0;
        while pos < self.num_vars {
            match self.eqs.iter().position(|e| e[pos] != 0) {
                Some(r) => {
                    self.eliminate_by_equality(r, pos)?;
                    if self.has_invalid_constraint() || self.fails_gcd_test() {
                        return Some(true);
                    }
                }
                None => pos += 1,
            }
        }
        while self.num_vars > 0 {
            let pos = self.best_var_to_eliminate();
            self.fourier_motzkin(pos)?;
            if self.eqs.len() + self.ineqs.len() >= explosion {
                return Some(false);
            }
            if self.has_invalid_constraint() {
                return Some(true);
            }
        }
        Some(false)
    }

    fn has_invalid_constraint(&self) -> bool {
        let n = self.num_vars;
        self.eqs
            .iter()
            .any(|r| r[..n].iter().all(|&x| x == 0) && r[n] != 0)
            || self
                .ineqs
                .iter()
                .any(|r| r[..n].iter().all(|&x| x == 0) && r[n] < 0)
    }

    /// An equality whose variables' GCD does not divide its constant has
    /// no integer solution.
    fn fails_gcd_test(&self) -> bool {
        let n = self.num_vars;
        self.eqs.iter().any(|r| {
            let g = r[..n].iter().fold(0, |g, &x| gcd(g, x));
            g != 0 && r[n] % g != 0
        })
    }

    /// Uses equality `r` to remove variable `pos` from every other row,
    /// then drops the equality and the column.
    fn eliminate_by_equality(&mut self, r: usize, pos: usize) -> Option<()> {
        let pivot = self.eqs.remove(r);
        for row in self.eqs.iter_mut() {
            combine(row, &pivot, pos)?;
            normalize_equality(row);
        }
        for row in self.ineqs.iter_mut() {
            combine(row, &pivot, pos)?;
            tighten(row);
        }
        self.remove_column(pos);
        Some(())
    }

    fn remove_column(&mut self, pos: usize) {
        for row in self.eqs.iter_mut().chain(self.ineqs.iter_mut()) {
            row.remove(pos);
        }
        self.num_vars -= 1;
    }

    /// The variable whose elimination makes the fewest new inequalities
    /// (MLIR's `getBestVarToEliminate`: the least product of lower and
    /// upper bound counts, the first on ties).
    fn best_var_to_eliminate(&self) -> usize {
        let product = |pos: usize| {
            let lower = self.ineqs.iter().filter(|r| r[pos] > 0).count();
            let upper = self.ineqs.iter().filter(|r| r[pos] < 0).count();
            lower * upper
        };
        (0..self.num_vars).min_by_key(|&p| product(p)).unwrap_or(0)
    }

    /// Fourier-Motzkin elimination of `pos`: every lower bound combined
    /// with every upper bound, the rest kept.
    fn fourier_motzkin(&mut self, pos: usize) -> Option<()> {
        if let Some(r) = self.eqs.iter().position(|e| e[pos] != 0) {
            return self.eliminate_by_equality(r, pos);
        }
        let (mut kept, mut lower, mut upper) = (Vec::new(), Vec::new(), Vec::new());
        for row in std::mem::take(&mut self.ineqs) {
            match row[pos].signum() {
                1 => lower.push(row),
                -1 => upper.push(row),
                _ => kept.push(row),
            }
        }
        for l in &lower {
            for u in &upper {
                let mut row = u.clone();
                combine(&mut row, l, pos)?;
                tighten(&mut row);
                kept.push(row);
            }
        }
        self.ineqs = kept;
        self.remove_column(pos);
        self.remove_trivial_redundancy();
        Some(())
    }

    /// Drops inequalities true everywhere and, of inequalities with the
    /// same coefficients, all but the tightest.
    fn remove_trivial_redundancy(&mut self) {
        let n = self.num_vars;
        let mut best: Vec<Vec<i128>> = Vec::new();
        for row in std::mem::take(&mut self.ineqs) {
            if row[..n].iter().all(|&x| x == 0) && row[n] >= 0 {
                continue;
            }
            match best.iter_mut().find(|b| b[..n] == row[..n]) {
                Some(b) => b[n] = b[n].min(row[n]),
                None => best.push(row),
            }
        }
        self.ineqs = best;
    }
}

/// `row` scaled by a positive factor plus `pivot` times a factor of
/// either sign, so that column `pos` becomes zero (MLIR's
/// `eliminateFromConstraint`: the least common multiple of the two
/// coefficients). A positive factor on `row` keeps an inequality's
/// direction; `pivot` must be an equality or bound `pos` the other way.
fn combine(row: &mut [i128], pivot: &[i128], pos: usize) -> Option<()> {
    let (a, p) = (row[pos], pivot[pos]);
    if a == 0 {
        return Some(());
    }
    let g = gcd(a, p);
    let lcm = (a.abs() / g).checked_mul(p.abs())?;
    let row_factor = lcm / a.abs();
    let sign = if (a > 0) == (p > 0) { -1 } else { 1 };
    let pivot_factor = sign * (lcm / p.abs());
    for (x, &y) in row.iter_mut().zip(pivot) {
        *x = x
            .checked_mul(row_factor)?
            .checked_add(y.checked_mul(pivot_factor)?)?;
        if x.abs() > LIMIT {
            return None;
        }
    }
    Some(())
}

/// Divides an equality by the GCD of all its entries.
fn normalize_equality(row: &mut [i128]) {
    let g = row.iter().fold(0, |g, &x| gcd(g, x));
    if g > 1 {
        row.iter_mut().for_each(|x| *x /= g);
    }
}

/// Divides an inequality's coefficients by their GCD and rounds the
/// constant down: over the integers the same points, a tighter shadow.
fn tighten(row: &mut [i128]) {
    let n = row.len() - 1;
    let g = row[..n].iter().fold(0, |g, &x| gcd(g, x));
    if g > 1 {
        row[..n].iter_mut().for_each(|x| *x /= g);
        row[n] = row[n].div_euclid(g);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_that_cross_are_empty() {
        // x >= 5, x <= 3.
        let mut c = IntegerConstraints::new(1);
        c.add_inequality(vec![1, -5]);
        c.add_inequality(vec![-1, 3]);
        assert!(c.is_empty());
        let mut c = IntegerConstraints::new(1);
        c.add_inequality(vec![1, -3]);
        c.add_inequality(vec![-1, 3]);
        assert!(!c.is_empty());
    }

    #[test]
    fn gcd_test_finds_no_integer_point() {
        // 2x - 2y = 1.
        let mut c = IntegerConstraints::new(2);
        c.add_equality(vec![2, -2, -1]);
        assert!(c.is_empty());
    }

    #[test]
    fn a_rational_point_counts_as_not_empty() {
        // 1 <= 2x <= 1 has no integer point but x = 1/2: upstream's
        // Fourier-Motzkin does not tighten the rows it starts from.
        let mut c = IntegerConstraints::new(1);
        c.add_inequality(vec![2, -1]);
        c.add_inequality(vec![-2, 1]);
        assert!(!c.is_empty());
    }

    #[test]
    fn combined_rows_are_tightened() {
        // Over [x, y, z, w]: x >= 2z + 1, x <= 2y, w >= 2y, w <= 2z + 1.
        // Rationally y = z + 1/2 fits; eliminating x and w gives
        // 2y - 2z - 1 >= 0 and 2z - 2y + 1 >= 0, tightened to y >= z + 1
        // and z >= y: empty.
        let mut c = IntegerConstraints::new(4);
        c.add_inequality(vec![1, 0, -2, 0, -1]);
        c.add_inequality(vec![-1, 2, 0, 0, 0]);
        c.add_inequality(vec![0, -2, 0, 1, 0]);
        c.add_inequality(vec![0, 0, 2, -1, 1]);
        assert!(c.is_empty());
    }

    #[test]
    fn overflow_counts_as_not_empty() {
        // Coefficients whose combination passes the bound: given up, so
        // "may depend" (the conservative answer).
        let big = i64::MAX / 2;
        let mut c = IntegerConstraints::new(2);
        c.add_inequality(vec![big, -big + 1, 0]);
        c.add_inequality(vec![-big + 3, big, 0]);
        c.add_inequality(vec![-1, 0, -1]);
        assert!(!c.is_empty());
    }

    #[test]
    fn floor_division_is_exact() {
        // q = floor(x / 4), 0 <= x <= 3, q >= 1: empty.
        let mut c = IntegerConstraints::new(1);
        c.add_inequality(vec![1, 0]);
        c.add_inequality(vec![-1, 3]);
        let q = c.add_floor_div(&[1, 0], 4);
        let mut row = vec![0; c.num_vars() + 1];
        row[q] = 1;
        row[c.num_vars()] = -1;
        c.add_inequality(row);
        assert!(c.is_empty());
    }

    #[test]
    fn dependence_shaped_system() {
        // i in [0, 10), j in [0, 10), i = j + 1, j >= i: empty.
        let mut c = IntegerConstraints::new(2);
        c.add_inequality(vec![1, 0, 0]);
        c.add_inequality(vec![-1, 0, 9]);
        c.add_inequality(vec![0, 1, 0]);
        c.add_inequality(vec![0, -1, 9]);
        c.add_equality(vec![1, -1, -1]);
        c.add_inequality(vec![-1, 1, 0]);
        assert!(c.is_empty());
    }
}
