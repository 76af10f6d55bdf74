//! API-level tests of the three analyses and of `branch_report`/`annotate`.

use lockstep_divergence::{
    Affine, AffineInfo, ConvergenceInfo, DivergenceInfo, annotate, branch_report,
    format_report_line,
};
use lockstep_ir::{Context, OpId, ValueId, parse_source};

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&lockstep_func::FUNC);
    ctx.register_dialect(&lockstep_arith::ARITH);
    ctx.register_dialect(&lockstep_cf::CF);
    ctx.register_dialect(&lockstep_scf::SCF);
    lockstep_device::register(&mut ctx);
    ctx
}

fn parse(ctx: &mut Context, src: &str) -> OpId {
    match parse_source(ctx, "t.mlir", src, 1) {
        Ok(m) => m,
        Err(d) => panic!("parse error: {}", d.message),
    }
}

/// The results of the ops named `name`, in IR order.
fn results_of(ctx: &Context, root: OpId, name: &str) -> Vec<ValueId> {
    let mut out = Vec::new();
    ctx.walk_pre(root, &mut |op| {
        if ctx.name_of(op) == name {
            out.extend(ctx.results(op).iter().copied());
        }
    });
    out
}

fn ops_named(ctx: &Context, root: OpId, name: &str) -> Vec<OpId> {
    let mut out = Vec::new();
    ctx.walk_pre(root, &mut |op| {
        if ctx.name_of(op) == name {
            out.push(op);
        }
    });
    out
}

const EARLY_EXIT: &str = r#"
device.module @m {
  device.kernel @k(%a: !device.ptr<global>, %n: i32) {
    %t = device.thread_id x : i32
    %p = arith.cmpi sge, %t, %n : i32
    cf.cond_br %p, ^ret, ^body
  ^ret:
    device.return
  ^body:
    %b = device.block_id x : i32
    %q = arith.cmpi slt, %b, %n : i32
    cf.cond_br %q, ^x, ^y
  ^x:
    cf.br ^y
  ^y:
    device.return
  }
}
"#;

#[test]
fn uniformity_and_report_order() {
    let mut ctx = context();
    let m = parse(&mut ctx, EARLY_EXIT);
    let info = DivergenceInfo::compute(&ctx, m);
    let t = results_of(&ctx, m, "device.thread_id")[0];
    let b = results_of(&ctx, m, "device.block_id")[0];
    assert!(info.is_divergent(t));
    assert!(info.is_uniform(b));
    let brs = ops_named(&ctx, m, "cf.cond_br");
    assert!(info.is_divergent_branch(&ctx, brs[0]));
    assert!(!info.is_divergent_branch(&ctx, brs[1]));
    // The body runs with part of the warp (threads returned early).
    let body = ctx.parent_block(brs[1]).expect("block");
    assert!(info.is_divergent_block(&ctx, body));

    let report = branch_report(&ctx, m);
    assert_eq!(report.len(), 2);
    assert!(report[0].divergent && !report[1].divergent);
    assert_eq!(report[0].function, "k");
    assert_eq!(
        format_report_line(&ctx, &report[0]),
        "t.mlir:6:5: k: divergent branch"
    );
    assert_eq!(
        format_report_line(&ctx, &report[1]),
        "t.mlir:12:5: k: uniform branch"
    );
}

#[test]
fn lee_early_exit_keeps_body_convergent() {
    let mut ctx = context();
    let m = parse(&mut ctx, EARLY_EXIT);
    let info = ConvergenceInfo::compute(&ctx, m);
    let brs = ops_named(&ctx, m, "cf.cond_br");
    assert!(info.is_variant_branch(brs[0]));
    assert!(info.is_early_exit(brs[0]));
    let body = ctx.parent_block(brs[1]).expect("block");
    assert!(info.is_convergent(body));
    let b = results_of(&ctx, m, "device.block_id")[0];
    assert!(info.is_invariant(b));
}

#[test]
fn affine_global_index() {
    let mut ctx = context();
    let m = parse(
        &mut ctx,
        r#"
device.module @m {
  device.kernel @k(%a: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %b = device.block_id x : i32
    %bd = device.block_dim x : i32
    %bb = arith.muli %b, %bd : i32
    %i = arith.addi %bb, %t : i32
    %i64 = arith.extsi %i : i32 to i64
    %c2 = arith.constant 2 : i64
    %o = arith.shli %i64, %c2 : i64
    %p = device.ptradd %a, %o : !device.ptr<global>, i64
    %v = device.load %p : !device.ptr<global> -> f32
    device.return
  }
}
"#,
    );
    let info = AffineInfo::compute(&ctx, m);
    let load = ops_named(&ctx, m, "device.load")[0];
    assert_eq!(info.access(&ctx, load).and_then(Affine::stride), Some(4));
    let t = results_of(&ctx, m, "device.thread_id")[0];
    assert_eq!(info.get(t).stride(), Some(1));
}

#[test]
fn annotate_marks_branches_and_values() {
    let mut ctx = context();
    let m = parse(&mut ctx, EARLY_EXIT);
    let n = annotate(&mut ctx, m);
    assert!(n >= 3);
    let brs = ops_named(&ctx, m, "cf.cond_br");
    let attr = |op| {
        ctx.attr_of(op, "divergence")
            .map(|a| lockstep_ir::printer::attr_to_string(&ctx, a))
    };
    assert_eq!(attr(brs[0]).as_deref(), Some("\"divergent\""));
    assert_eq!(attr(brs[1]).as_deref(), Some("\"uniform\""));
    let tid = ops_named(&ctx, m, "device.thread_id")[0];
    assert!(ctx.attr_of(tid, "divergence.divergent").is_some());
    // Idempotent.
    let again = annotate(&mut ctx, m);
    assert_eq!(again, n);
}

#[test]
fn values_outside_device_code_are_divergent() {
    let mut ctx = context();
    let m = parse(
        &mut ctx,
        "func.func @host(%x: i32) -> i32 {\n  return %x : i32\n}\n",
    );
    let info = DivergenceInfo::compute(&ctx, m);
    let f = ops_named(&ctx, m, "func.func")[0];
    let body = ctx.entry_block(ctx.regions(f)[0]).expect("entry");
    let arg = ctx.block_args(body)[0];
    assert!(info.is_divergent(arg));
    assert!(info.functions().is_empty());
}

/// The cycle-exit repro: `%i1` is forwarded out of a loop with a divergent
/// exit to `^x(%r)`.
const CYCLE_EXIT: &str = r#"
device.module @m {
  device.kernel @k(%n: i32, %out: !device.ptr<global>) {
    %t = device.thread_id x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^h(%c0 : i32)
  ^h(%i: i32):
    %i1 = arith.addi %i, %c1 : i32
    %d = arith.cmpi slt, %i1, %t : i32
    cf.cond_br %d, ^h(%i1 : i32), ^x(%i1 : i32)
  ^x(%r: i32):
    %u = arith.cmpi slt, %r, %n : i32
    cf.cond_br %u, ^a, ^b
  ^a:
    device.store %r, %out : i32, !device.ptr<global>
    cf.br ^b
  ^b:
    device.return
  }
}
"#;

#[test]
fn cycle_exit_argument_is_divergent_everywhere() {
    let mut ctx = context();
    let m = parse(&mut ctx, CYCLE_EXIT);
    let info = DivergenceInfo::compute(&ctx, m);
    let brs = ops_named(&ctx, m, "cf.cond_br");
    let exit_br = brs[0];
    let i1 = results_of(&ctx, m, "arith.addi")[0];
    // Uniform inside the loop, divergent on the exit edge only.
    assert!(info.is_uniform(i1));
    assert!(
        !info.is_divergent_use(&ctx, exit_br, 1),
        "back-edge operand"
    );
    assert!(info.is_divergent_use(&ctx, exit_br, 2), "exit-edge operand");
    let x = ctx.successors(exit_br)[1];
    let r = ctx.block_args(x)[0];
    assert!(info.is_divergent(r));
    assert!(info.is_divergent_branch(&ctx, brs[1]));
    let store = ops_named(&ctx, m, "device.store")[0];
    assert!(info.is_divergent_use(&ctx, store, 0));

    // The report and the annotations say the same.
    let report = branch_report(&ctx, m);
    assert_eq!(report.len(), 2);
    assert!(report.iter().all(|b| b.divergent));
    assert_eq!(
        format_report_line(&ctx, &report[1]),
        "t.mlir:14:5: k: divergent branch"
    );
    // Lee et al.'s analysis agrees.
    let lee = ConvergenceInfo::compute(&ctx, m);
    assert!(lee.is_variant(r));
    assert!(lee.is_variant_branch(brs[1]));

    annotate(&mut ctx, m);
    let a = ctx.attr_of(brs[1], "divergence").expect("annotated");
    assert_eq!(
        lockstep_ir::printer::attr_to_string(&ctx, a),
        "\"divergent\""
    );
}
