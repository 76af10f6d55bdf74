//! A minimal driver for trying this crate's passes before `lockstep-opt`
//! exists in full: `xf_opt FILE PIPELINE`, where PIPELINE is a
//! comma-separated list of `pass{opts}`, each optionally prefixed with
//! `func:` to run it on every `func.func` instead of the module. Prints the
//! result in the pretty form (`--generic` for the generic form).

use lockstep_ir::{Context, OpId, PrintOptions, parse_source, print_op};
use lockstep_pass::{AnalysisManager, PassContext, PassOptions, Statistics};

fn parse_step(s: &str) -> (bool, &str, PassOptions) {
    let (on_func, s) = match s.strip_prefix("func:") {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (name, opts) = match s.split_once('{') {
        Some((n, o)) => (n, o.trim_end_matches('}')),
        None => (s, ""),
    };
    let mut po = PassOptions::default();
    for e in opts.split_whitespace() {
        let (k, v) = e.split_once('=').unwrap_or((e, ""));
        po.entries.push((k.to_string(), v.to_string()));
    }
    (on_func, name, po)
}

fn split_pipeline(p: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in p.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&p[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&p[start..]);
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let generic = args.iter().any(|a| a == "--generic");
    let debug_info = args.iter().any(|a| a == "--debuginfo");
    let args: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let (path, pipeline) = (args[1], args.get(2).map(|s| s.as_str()).unwrap_or(""));
    let text = std::fs::read_to_string(path).expect("read input");
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    ctx.register_dialect(&lockstep_func::FUNC);
    ctx.register_dialect(&lockstep_arith::ARITH);
    ctx.register_dialect(&lockstep_cf::CF);
    ctx.register_dialect(&lockstep_scf::SCF);
    let m = parse_source(&mut ctx, path, &text, 1).unwrap_or_else(|d| panic!("{}", d.message));
    for step in split_pipeline(pipeline)
        .into_iter()
        .filter(|s| !s.is_empty())
    {
        let (on_func, name, opts) = parse_step(step);
        let info = lockstep_transforms::ALL_PASSES
            .iter()
            .find(|p| p.argument == name)
            .expect("known pass");
        let mut pass = (info.create)(&opts).unwrap_or_else(|e| panic!("{e}"));
        let anchors: Vec<OpId> = if on_func {
            let body = ctx.region_blocks(ctx.region(m, 0))[0];
            ctx.block_ops(body)
                .filter(|&o| ctx.name_of(o) == "func.func")
                .collect()
        } else {
            vec![m]
        };
        for a in anchors {
            let mut am = AnalysisManager::default();
            let mut st = Statistics::default();
            let mut cx = PassContext::new(&mut ctx, &mut am, &mut st);
            if let Err(d) = pass.run(a, &mut cx) {
                eprintln!("error: {}", d.message);
                std::process::exit(1);
            }
            for (n, _, v) in &st.entries {
                eprintln!("stat {name}.{n} = {v}");
            }
        }
    }
    print!(
        "{}",
        print_op(
            &ctx,
            m,
            PrintOptions {
                generic,
                debug_info
            }
        )
    );
}
