//! `phases`: lockstep's parse, verify and print times measured apart, in
//! process, so the parser's own throughput is known (the `Parser` row of a
//! timing report, like mlir-opt's, also covers verification).
//!
//! Each phase is repeated `runs` times on a fresh context and the fastest
//! time is reported, which is the least disturbed by other load.

use anyhow::{Result, bail};
use lockstep_ir::{Context, PrintOptions, parse_source, print_op};
use std::path::Path;
use std::time::{Duration, Instant};

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&lockstep_func::FUNC);
    ctx.register_dialect(&lockstep_arith::ARITH);
    ctx.register_dialect(&lockstep_cf::CF);
    ctx.register_dialect(&lockstep_scf::SCF);
    ctx
}

pub fn phases(file: &Path, runs: usize) -> Result<()> {
    let text = std::fs::read_to_string(file)?;
    let name = file.display().to_string();
    let (mut parse, mut verify, mut print) = (Duration::MAX, Duration::MAX, Duration::MAX);
    for _ in 0..runs.max(1) {
        let mut ctx = context();
        let t0 = Instant::now();
        let m = match parse_source(&mut ctx, &name, &text, 1) {
            Ok(m) => m,
            Err(d) => bail!("{name}: parse error: {}", d.message),
        };
        let t1 = Instant::now();
        if let Err(ds) = lockstep_ir::verify::verify(&ctx, m) {
            bail!("{name}: verifier error: {}", ds[0].message);
        }
        let t2 = Instant::now();
        let out = print_op(&ctx, m, PrintOptions::default());
        let t3 = Instant::now();
        std::hint::black_box(out);
        parse = parse.min(t1 - t0);
        verify = verify.min(t2 - t1);
        print = print.min(t3 - t2);
    }
    let mb = text.len() as f64 / 1e6;
    println!(
        "file: {name} ({mb:.2} MB); fastest of {} runs per phase, in process",
        runs.max(1)
    );
    println!(
        "parse   {:8.4} s  {:6.1} MB/s   [target >= 50 MB/s]",
        parse.as_secs_f64(),
        mb / parse.as_secs_f64()
    );
    println!("verify  {:8.4} s", verify.as_secs_f64());
    println!("print   {:8.4} s", print.as_secs_f64());
    Ok(())
}
