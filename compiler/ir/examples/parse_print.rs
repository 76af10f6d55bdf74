//! Times parse + print of a file in generic form with unregistered ops
//! allowed: a quick check of the core's throughput while developing.

use lockstep_ir::{Context, PrintOptions, parse_source, print_op};
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("usage: parse_print FILE");
    let text = std::fs::read_to_string(&path).expect("read");
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let t0 = Instant::now();
    let m = match parse_source(&mut ctx, &path, &text, 1) {
        Ok(m) => m,
        Err(d) => {
            eprintln!("{}", d.message);
            std::process::exit(1);
        }
    };
    let t1 = Instant::now();
    let out = print_op(
        &ctx,
        m,
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    );
    let t2 = Instant::now();
    eprintln!(
        "parse {:.1} ms ({:.0} MB/s), print {:.1} ms, {} ops, {} bytes out",
        (t1 - t0).as_secs_f64() * 1e3,
        text.len() as f64 / (t1 - t0).as_secs_f64() / 1e6,
        (t2 - t1).as_secs_f64() * 1e3,
        ctx.num_ops(),
        out.len()
    );
    if std::env::args().nth(2).as_deref() == Some("--check") {
        assert_eq!(out, text, "round trip differs");
    }
}
