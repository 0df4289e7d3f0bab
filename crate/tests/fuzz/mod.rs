//! The fuzz targets' runner: proptest with a case count and a seed from the
//! environment, and a summary line per target.
//!
//! - `ZILO_FUZZ_CASES`: cases per target (default 300: a few seconds in
//!   `make test`; `make fuzz` runs many more).
//! - `ZILO_FUZZ_SEED`: the random seed (default 0, so that `make test` is
//!   reproducible; `make fuzz` passes a new one each run and prints it).

#![allow(dead_code)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

pub fn cases() -> u32 {
    std::env::var("ZILO_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(300)
}

pub fn seed() -> u64 {
    std::env::var("ZILO_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0)
}

/// Runs `test` on `cases()` values of `strategy`; panics (after shrinking)
/// on the first failure or panic, naming the target, the seed and the input.
/// `test` says whether the input was accepted (a valid position, a legal
/// move), which the summary line counts.
pub fn fuzz<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Result<bool, TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    fuzz_cases(name, cases(), strategy, test)
}

/// `fuzz` with its own case count.
pub fn fuzz_cases<S: Strategy>(
    name: &str,
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let seed = seed();
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..8 + name.len().min(24)].copy_from_slice(&name.as_bytes()[..name.len().min(24)]);
    let config = Config { cases, failure_persistence: None, max_shrink_iters: 2000, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes));
    let started = Instant::now();
    let accepted = AtomicU64::new(0);
    let result = runner.run(&strategy, |value| {
        if test(value)? {
            accepted.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("fuzz {name}: a crash (seed {seed}): {e}");
    }
    eprintln!(
        "fuzz {name}: {cases} cases ({} accepted), 0 crashes ({:.1} s, seed {seed})",
        accepted.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}

/// The board part of a position string: `cells` (rank 1 first, files left to
/// right) written from the top rank down, runs of empty cells as numbers.
pub fn board_rows(cells: &[Option<String>], files: usize, ranks: usize) -> String {
    let mut rows = Vec::with_capacity(ranks);
    for r in (0..ranks).rev() {
        let (mut row, mut run) = (String::new(), 0);
        for cell in &cells[r * files..(r + 1) * files] {
            match cell {
                None => run += 1,
                Some(p) => {
                    if run > 0 {
                        row += &run.to_string();
                        run = 0;
                    }
                    row += p;
                }
            }
        }
        if run > 0 {
            row += &run.to_string();
        }
        rows.push(row);
    }
    rows.join("/")
}
