//! Parsing, printing (pretty and generic, compared with mlir-opt 22's
//! output), verification, builders and canonicalization patterns of the
//! `scf` dialect.

use lockstep_cf::CF;
use lockstep_func::FUNC;
use lockstep_ir::opdef::{Arity, AttrSpec, ValueSpec, constraints};
use lockstep_ir::{
    Context, Diagnostic, Dialect, InsertPoint, OpDef, OpId, PrintOptions, Rewriter, Traits,
    parse_source, print_op,
};
use lockstep_scf::{
    ForOp, IfOp, SCF, WhileOp, build_condition, build_for, build_if, build_while, build_yield,
};

/// A constant op standing in for `arith.constant`, shaped like mlir-opt's own
/// `test.constant` (no custom format, `value` is a property).
static CONSTANT: OpDef = OpDef {
    name: "test.constant",
    results: &[ValueSpec {
        name: "result",
        constraint: &constraints::ANY,
        arity: Arity::Single,
    }],
    attrs: &[AttrSpec {
        name: "value",
        constraint: &constraints::ANY_ATTR,
        optional: false,
    }],
    traits: Traits::PURE.union(Traits::CONSTANT_LIKE),
    ..OpDef::DEFAULT
};
static TEST: Dialect = Dialect {
    name: "test",
    summary: "",
    ops: &[&CONSTANT],
    materialize_constant: None,
    allows_unknown_ops: true,
};

fn new_ctx() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&FUNC);
    ctx.register_dialect(&CF);
    ctx.register_dialect(&SCF);
    ctx.register_dialect(&TEST);
    ctx
}

fn parse(ctx: &mut Context, src: &str) -> OpId {
    parse_source(ctx, "t.mlir", src, 1).unwrap_or_else(|d| panic!("parse error: {}", d.message))
}

fn parse_err(src: &str) -> String {
    let mut ctx = new_ctx();
    match parse_source(&mut ctx, "t.mlir", src, 1) {
        Ok(_) => panic!("expected a parse error"),
        Err(d) => d.message,
    }
}

fn pretty(ctx: &Context, m: OpId) -> String {
    print_op(ctx, m, PrintOptions::default())
}

fn generic(ctx: &Context, m: OpId) -> String {
    print_op(
        ctx,
        m,
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    )
}

/// The core verifier's first diagnostic, if any.
fn verify_tree(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    lockstep_ir::verify::verify(ctx, op).map_err(|mut ds| ds.remove(0))
}

fn verify_err(src: &str) -> String {
    let mut ctx = new_ctx();
    ctx.allow_unregistered = true;
    let m = parse(&mut ctx, src);
    match verify_tree(&ctx, m) {
        Ok(()) => panic!("expected a verifier error"),
        Err(d) => d.message,
    }
}

/// Checks pretty and generic output against mlir-opt's, and that both forms
/// parse back to the same IR.
fn check_roundtrip(src: &str, want_pretty: &str, want_generic: &str) {
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, src);
    verify_tree(&ctx, m).unwrap_or_else(|d| panic!("verifier: {}", d.message));
    assert_eq!(pretty(&ctx, m), want_pretty);
    assert_eq!(generic(&ctx, m), want_generic);
    for text in [want_pretty, want_generic] {
        let mut ctx = new_ctx();
        let m = parse(&mut ctx, text);
        verify_tree(&ctx, m).unwrap_or_else(|d| panic!("verifier: {}", d.message));
        assert_eq!(pretty(&ctx, m), want_pretty);
        assert_eq!(generic(&ctx, m), want_generic);
    }
}

const SRC: &str = r#"func.func private @use(i32)
func.func private @get() -> i32
func.func @scf(%c: i1, %a: i32, %lb: index, %ub: index, %st: index) -> i32 {
  scf.if %c {
    func.call @use(%a) : (i32) -> ()
  }
  scf.if %c {
    %t = func.call @get() : () -> i32
    scf.yield
  } else {
    func.call @use(%a) : (i32) -> ()
  }
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  %r2:2 = scf.if %c -> (i32, f32) {
    %f = "test.constant"() {value = 1.0 : f32} : () -> f32
    scf.yield %a, %f : i32, f32
  } else {
    %g = "test.constant"() {value = 2.0 : f32} : () -> f32
    scf.yield %a, %g : i32, f32
  }
  %r3 = scf.if %c -> i32 {
    %x = func.call @get() : () -> i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  } {if.attr}
  scf.if %c {
  } else {
  }
  scf.for %i = %lb to %ub step %st {
    %u = func.call @get() : () -> i32
  }
  %s = scf.for %i = %lb to %ub step %st iter_args(%acc = %a) -> (i32) {
    %u = func.call @get() : () -> i32
    scf.yield %u : i32
  }
  %s2:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %r) -> (i32, i32) {
    scf.yield %y, %x : i32, i32
  }
  %w = scf.while (%arg = %a) : (i32) -> i32 {
    %cond = "test.constant"() {value = true} : () -> i1
    scf.condition(%cond) %arg : i32
  } do {
  ^bb0(%arg2: i32):
    %nx = func.call @get() : () -> i32
    scf.yield %nx : i32
  }
  %w2:2 = scf.while (%p = %a, %q = %lb) : (i32, index) -> (i32, index) {
    scf.condition(%c) {cond.attr} %p, %q : i32, index
  } do {
  ^bb0(%p2: i32, %q2: index):
    scf.yield {y.attr} %p2, %q2 : i32, index
  } attributes {w.attr}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %fi = scf.for %i = %a to %a step %a iter_args(%acc = %a) -> (i32) : i32 {
    scf.yield %acc : i32
  }
  scf.for unsigned %i = %lb to %ub step %st {
  } {for.attr}
  scf.for %i = %a to %a step %a : i32 {
    scf.if %c {
      %n = scf.for %j = %lb to %ub step %st iter_args(%z = %i) -> i32 {
        scf.yield %z : i32
      }
    }
  }
  return %w : i32
}
"#;

// `mlir-opt t.mlir`
const PRETTY: &str = r#"module {
  func.func private @use(i32)
  func.func private @get() -> i32
  func.func @scf(%arg0: i1, %arg1: i32, %arg2: index, %arg3: index, %arg4: index) -> i32 {
    scf.if %arg0 {
      func.call @use(%arg1) : (i32) -> ()
    }
    scf.if %arg0 {
      %8 = func.call @get() : () -> i32
    } else {
      func.call @use(%arg1) : (i32) -> ()
    }
    %0 = scf.if %arg0 -> (i32) {
      scf.yield %arg1 : i32
    } else {
      scf.yield %arg1 : i32
    }
    %1:2 = scf.if %arg0 -> (i32, f32) {
      %8 = "test.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      scf.yield %arg1, %8 : i32, f32
    } else {
      %8 = "test.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
      scf.yield %arg1, %8 : i32, f32
    }
    %2 = scf.if %arg0 -> (i32) {
      %8 = func.call @get() : () -> i32
      scf.yield %8 : i32
    } else {
      scf.yield %arg1 : i32
    } {if.attr}
    scf.if %arg0 {
    } else {
    }
    scf.for %arg5 = %arg2 to %arg3 step %arg4 {
      %8 = func.call @get() : () -> i32
    }
    %3 = scf.for %arg5 = %arg2 to %arg3 step %arg4 iter_args(%arg6 = %arg1) -> (i32) {
      %8 = func.call @get() : () -> i32
      scf.yield %8 : i32
    }
    %4:2 = scf.for %arg5 = %arg2 to %arg3 step %arg4 iter_args(%arg6 = %arg1, %arg7 = %0) -> (i32, i32) {
      scf.yield %arg7, %arg6 : i32, i32
    }
    %5 = scf.while (%arg5 = %arg1) : (i32) -> i32 {
      %8 = "test.constant"() <{value = true}> : () -> i1
      scf.condition(%8) %arg5 : i32
    } do {
    ^bb0(%arg5: i32):
      %8 = func.call @get() : () -> i32
      scf.yield %8 : i32
    }
    %6:2 = scf.while (%arg5 = %arg1, %arg6 = %arg2) : (i32, index) -> (i32, index) {
      scf.condition(%arg0) {cond.attr} %arg5, %arg6 : i32, index
    } do {
    ^bb0(%arg5: i32, %arg6: index):
      scf.yield {y.attr} %arg5, %arg6 : i32, index
    } attributes {w.attr}
    scf.while : () -> () {
      scf.condition(%arg0)
    } do {
      scf.yield
    }
    %7 = scf.for %arg5 = %arg1 to %arg1 step %arg1 iter_args(%arg6 = %arg1) -> (i32)  : i32 {
      scf.yield %arg6 : i32
    }
    scf.for unsigned %arg5 = %arg2 to %arg3 step %arg4 {
    } {for.attr}
    scf.for %arg5 = %arg1 to %arg1 step %arg1  : i32 {
      scf.if %arg0 {
        %8 = scf.for %arg6 = %arg2 to %arg3 step %arg4 iter_args(%arg7 = %arg5) -> (i32) {
          scf.yield %arg7 : i32
        }
      }
    }
    return %5 : i32
  }
}

"#;

// `mlir-opt --mlir-print-op-generic t.mlir`
const GENERIC: &str = r#""builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "use", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> i32, sym_name = "get", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i1, i32, index, index, index) -> i32, sym_name = "scf"}> ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: index, %arg3: index, %arg4: index):
    "scf.if"(%arg0) ({
      "func.call"(%arg1) <{callee = @use}> : (i32) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "scf.if"(%arg0) ({
      %16 = "func.call"() <{callee = @get}> : () -> i32
      "scf.yield"() : () -> ()
    }, {
      "func.call"(%arg1) <{callee = @use}> : (i32) -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    %0 = "scf.if"(%arg0) ({
      "scf.yield"(%arg1) : (i32) -> ()
    }, {
      "scf.yield"(%arg1) : (i32) -> ()
    }) : (i1) -> i32
    %1:2 = "scf.if"(%arg0) ({
      %15 = "test.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      "scf.yield"(%arg1, %15) : (i32, f32) -> ()
    }, {
      %14 = "test.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
      "scf.yield"(%arg1, %14) : (i32, f32) -> ()
    }) : (i1) -> (i32, f32)
    %2 = "scf.if"(%arg0) ({
      %13 = "func.call"() <{callee = @get}> : () -> i32
      "scf.yield"(%13) : (i32) -> ()
    }, {
      "scf.yield"(%arg1) : (i32) -> ()
    }) {if.attr} : (i1) -> i32
    "scf.if"(%arg0) ({
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "scf.for"(%arg2, %arg3, %arg4) ({
    ^bb0(%arg22: index):
      %12 = "func.call"() <{callee = @get}> : () -> i32
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %3 = "scf.for"(%arg2, %arg3, %arg4, %arg1) ({
    ^bb0(%arg20: index, %arg21: i32):
      %11 = "func.call"() <{callee = @get}> : () -> i32
      "scf.yield"(%11) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    %4:2 = "scf.for"(%arg2, %arg3, %arg4, %arg1, %0) ({
    ^bb0(%arg17: index, %arg18: i32, %arg19: i32):
      "scf.yield"(%arg19, %arg18) : (i32, i32) -> ()
    }) : (index, index, index, i32, i32) -> (i32, i32)
    %5 = "scf.while"(%arg1) ({
    ^bb0(%arg16: i32):
      %10 = "test.constant"() <{value = true}> : () -> i1
      "scf.condition"(%10, %arg16) : (i1, i32) -> ()
    }, {
    ^bb0(%arg15: i32):
      %9 = "func.call"() <{callee = @get}> : () -> i32
      "scf.yield"(%9) : (i32) -> ()
    }) : (i32) -> i32
    %6:2 = "scf.while"(%arg1, %arg2) ({
    ^bb0(%arg13: i32, %arg14: index):
      "scf.condition"(%arg0, %arg13, %arg14) {cond.attr} : (i1, i32, index) -> ()
    }, {
    ^bb0(%arg11: i32, %arg12: index):
      "scf.yield"(%arg11, %arg12) {y.attr} : (i32, index) -> ()
    }) {w.attr} : (i32, index) -> (i32, index)
    "scf.while"() ({
      "scf.condition"(%arg0) : (i1) -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : () -> ()
    %7 = "scf.for"(%arg1, %arg1, %arg1, %arg1) ({
    ^bb0(%arg9: i32, %arg10: i32):
      "scf.yield"(%arg10) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    "scf.for"(%arg2, %arg3, %arg4) <{unsignedCmp}> ({
    ^bb0(%arg8: index):
      "scf.yield"() : () -> ()
    }) {for.attr} : (index, index, index) -> ()
    "scf.for"(%arg1, %arg1, %arg1) ({
    ^bb0(%arg5: i32):
      "scf.if"(%arg0) ({
        %8 = "scf.for"(%arg2, %arg3, %arg4, %arg5) ({
        ^bb0(%arg6: index, %arg7: i32):
          "scf.yield"(%arg7) : (i32) -> ()
        }) : (index, index, index, i32) -> i32
        "scf.yield"() : () -> ()
      }, {
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "func.return"(%5) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

"#;

#[test]
fn roundtrip_matches_mlir_opt() {
    check_roundtrip(SRC, PRETTY, GENERIC);
}

/// Applies the ops' canonicalization patterns by hand until none applies.
fn canonicalize(ctx: &mut Context, root: OpId) -> usize {
    let mut applied = 0;
    loop {
        let mut changed = false;
        for op in ctx.collect_pre(root) {
            if !ctx.is_live_op(op) {
                continue;
            }
            let Some(def) = ctx.def_of(op) else { continue };
            for pat in def.canonicalize {
                assert!(pat.root().is_some_and(|r| std::ptr::eq(r, def)));
                let mut rw = Rewriter::new(ctx);
                if pat.match_and_rewrite(op, &mut rw) {
                    applied += 1;
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            return applied;
        }
    }
}

const CANON_SRC: &str = r#"func.func private @use(i32)
func.func private @get() -> i32
func.func private @idx(index) -> i32
func.func @ifs(%c: i1, %a: i32) -> i32 {
  %t = "test.constant"() {value = true} : () -> i1
  %f = "test.constant"() {value = false} : () -> i1
  %0 = scf.if %t -> (i32) {
    %x = func.call @get() : () -> i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %f -> (i32) {
    scf.yield %0 : i32
  } else {
    func.call @use(%0) : (i32) -> ()
    scf.yield %a : i32
  }
  scf.if %f {
    func.call @use(%a) : (i32) -> ()
  }
  scf.if %c {
  } else {
  }
  scf.if %c {
    func.call @use(%a) : (i32) -> ()
  } else {
  }
  %2:2 = scf.if %c -> (i32, i32) {
    %y = func.call @get() : () -> i32
    scf.yield %y, %a : i32, i32
  } else {
    scf.yield %a, %a : i32, i32
  }
  return %2#1 : i32
}
func.func @fors(%a: i32, %n: index) -> (i32, i32, i32, i32, i32) {
  %c0 = "test.constant"() {value = 0 : index} : () -> index
  %c1 = "test.constant"() {value = 1 : index} : () -> index
  %c4 = "test.constant"() {value = 4 : index} : () -> index
  %i3 = "test.constant"() {value = 3 : i8} : () -> i8
  %im1 = "test.constant"() {value = -1 : i8} : () -> i8
  %r0 = scf.for %i = %n to %n step %c1 iter_args(%x = %a) -> (i32) {
    %y = func.call @get() : () -> i32
    scf.yield %y : i32
  }
  %r1 = scf.for %i = %c4 to %c0 step %c1 iter_args(%x = %a) -> (i32) {
    %y = func.call @get() : () -> i32
    scf.yield %y : i32
  }
  %r2 = scf.for %i = %c0 to %c1 step %c4 iter_args(%x = %a) -> (i32) {
    %u = func.call @idx(%i) : (index) -> i32
    func.call @use(%u) : (i32) -> ()
    func.call @use(%x) : (i32) -> ()
    scf.yield %u : i32
  }
  %r3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (i32) {
    scf.yield %r2 : i32
  }
  %r4 = scf.for unsigned %i = %im1 to %i3 step %i3 iter_args(%x = %a) -> (i32) : i8 {
    scf.yield %x : i32
  }
  %r5 = scf.for %i = %im1 to %i3 step %i3 iter_args(%x = %a) -> (i32) : i8 {
    func.call @use(%x) : (i32) -> ()
    scf.yield %x : i32
  }
  return %r1, %r2, %r3, %r4, %r5 : i32, i32, i32, i32, i32
}
"#;

// The IR after applying the patterns by hand: no folding and no dead-code
// removal (the canonicalize pass, checked against mlir-opt by the lit suite,
// cleans up the rest).
const CANON_WANT: &str = r#"module {
  func.func private @use(i32)
  func.func private @get() -> i32
  func.func private @idx(index) -> i32
  func.func @ifs(%arg0: i1, %arg1: i32) -> i32 {
    %0 = "test.constant"() <{value = true}> : () -> i1
    %1 = "test.constant"() <{value = false}> : () -> i1
    %2 = call @get() : () -> i32
    %3 = arith.select %1, %2, %arg1 : i32
    call @use(%2) : (i32) -> ()
    scf.if %arg0 {
      func.call @use(%arg1) : (i32) -> ()
      %4 = func.call @get() : () -> i32
    }
    return %arg1 : i32
  }
  func.func @fors(%arg0: i32, %arg1: index) -> (i32, i32, i32, i32, i32) {
    %0 = "test.constant"() <{value = 0 : index}> : () -> index
    %1 = "test.constant"() <{value = 1 : index}> : () -> index
    %2 = "test.constant"() <{value = 4 : index}> : () -> index
    %3 = "test.constant"() <{value = 3 : i8}> : () -> i8
    %4 = "test.constant"() <{value = -1 : i8}> : () -> i8
    %5 = call @idx(%0) : (index) -> i32
    call @use(%5) : (i32) -> ()
    call @use(%arg0) : (i32) -> ()
    scf.for %arg2 = %4 to %3 step %3  : i8 {
      func.call @use(%arg0) : (i32) -> ()
    }
    return %arg0, %5, %5, %arg0, %arg0 : i32, i32, i32, i32, i32
  }
}

"#;

#[test]
fn canonicalization_patterns() {
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, CANON_SRC);
    // ifs: true, false with else, false without else, empty else, results
    // yielded from outside (selects), unused results; fors: equal bounds,
    // zero trips, one trip, empty body yielding an outside value, unsigned
    // zero trips, an iter_arg yielded unchanged.
    assert_eq!(canonicalize(&mut ctx, m), 17);
    verify_tree(&ctx, m).unwrap_or_else(|d| panic!("verifier: {}", d.message));
    assert_eq!(pretty(&ctx, m), CANON_WANT);
    assert_eq!(canonicalize(&mut ctx, m), 0);
}

#[test]
fn default_dialect_is_not_inherited_by_scf_regions() {
    // mlir-opt: `call` inside an scf.if inside a func is not `func.call`.
    let src = "func.func private @d()\nfunc.func @f(%c: i1) {\n  scf.if %c {\n    call @d() : () -> ()\n  }\n  return\n}\n";
    assert_eq!(parse_err(src), "custom op 'call' is unknown");
}

#[test]
fn parse_errors_match_mlir() {
    assert_eq!(
        parse_err(
            "func.func @f(%c: i1, %x: i32) {\n  %w = scf.while (%a = %x) : i32 {\n    scf.condition(%c) %a : i32\n  } do {\n  ^bb0(%b: i32):\n    scf.yield %b : i32\n  }\n  return\n}\n"
        ),
        "custom op 'scf.while' invalid kind of type specified"
    );
    assert_eq!(
        parse_err(
            "func.func @f(%c: i1, %x: i32) {\n  %w = scf.while (%a = %x) : (i32, i32) -> i32 {\n    scf.condition(%c) %a : i32\n  } do {\n  ^bb0(%b: i32):\n    scf.yield %b : i32\n  }\n  return\n}\n"
        ),
        "custom op 'scf.while' expected as many input types as operands (expected 1 got 2)"
    );
    assert_eq!(
        parse_err(
            "func.func @f(%c: i1, %x: i32) {\n  %k = scf.for %i = %x to %x step %x iter_args(%a = %x) -> (i32) {\n    scf.yield %a : i32\n  }\n  return\n}\n"
        ),
        "use of value '%x' expects different type than prior uses: 'index' vs 'i32'"
    );
    assert_eq!(
        parse_err(
            "func.func @f(%c: i1, %x: index) {\n  %k:2 = scf.for %i = %x to %x step %x iter_args(%a = %x) -> (index, index) {\n    scf.yield %a : index\n  }\n  return\n}\n"
        ),
        "custom op 'scf.for' mismatch in number of loop-carried values and defined values"
    );
    assert_eq!(
        parse_err("func.func @f(%c: i32) {\n  scf.if %c {\n  }\n  return\n}\n"),
        "use of value '%c' expects different type than prior uses: 'i1' vs 'i32'"
    );
    // A bound defined in the body is out of scope: operands are resolved
    // after the region, as in MLIR.
    assert_eq!(
        parse_err(
            "func.func @f(%x: index) {\n  scf.for %i = %x to %y step %x {\n    %y = \"test.constant\"() {value = 1 : index} : () -> index\n  }\n  return\n}\n"
        ),
        "use of undeclared SSA value name"
    );
}

#[test]
fn implicit_terminators_are_inserted_and_located_at_the_op() {
    let mut ctx = new_ctx();
    let m = parse(
        &mut ctx,
        "func.func @f(%c: i1, %x: index) {\n  scf.if %c {\n  }\n  scf.for %i = %x to %x step %x {\n  }\n  return\n}\n",
    );
    let f = ctx
        .first_op(ctx.entry_block(ctx.region(m, 0)).unwrap())
        .unwrap();
    let entry = ctx.entry_block(ctx.region(f, 0)).unwrap();
    let ops: Vec<OpId> = ctx.block_ops(entry).collect();
    let if_op = IfOp::from_op(&ctx, ops[0]).unwrap();
    let y = if_op.then_yield(&ctx).unwrap();
    assert_eq!(ctx.loc(y), ctx.loc(ops[0]));
    assert!(if_op.else_block(&ctx).is_none());
    assert!(
        ctx.region_blocks(if_op.else_region(&ctx).unwrap())
            .is_empty()
    );
    let for_op = ForOp::from_op(&ctx, ops[1]).unwrap();
    assert_eq!(ctx.loc(for_op.yield_op(&ctx).unwrap()), ctx.loc(ops[1]));
    assert!(for_op.init_args(&ctx).is_empty());
    assert!(!for_op.is_unsigned(&ctx));
}

#[test]
fn verifier_messages() {
    let cases: &[(&str, &str)] = &[
        (
            "func.func @a(%c: i1, %x: i32) {\n  %r = scf.if %c -> (i32) {\n    scf.yield %x, %x : i32, i32\n  } else {\n    scf.yield %x : i32\n  }\n  return\n}\n",
            "'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs",
        ),
        (
            "func.func @b(%c: i1, %x: i32) {\n  %r = scf.if %c -> (i32) {\n    scf.yield %x : i32\n  }\n  return\n}\n",
            "'scf.if' op must have an else block if defining values",
        ),
        (
            "func.func @c(%c: i1, %x: i32, %y: i64) {\n  %r = scf.if %c -> (i32) {\n    scf.yield %y : i64\n  } else {\n    scf.yield %x : i32\n  }\n  return\n}\n",
            "'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'",
        ),
        (
            "func.func @k(%c: i1) {\n  scf.if %c {\n    scf.yield %c : i1\n  }\n  return\n}\n",
            "'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 1 operands, but region successor needs 0 inputs",
        ),
        (
            "func.func @o(%c: i1, %x: i32) {\n  scf.if %c {\n  ^bb0(%z: i32):\n    scf.yield\n  }\n  return\n}\n",
            "'scf.if' op region #0 should have no arguments",
        ),
        (
            "func.func @n(%c: i1, %x: i32) {\n  \"scf.if\"(%c) ({\n    %y = \"other.x\"() : () -> i32\n  }, {\n  }) : (i1) -> ()\n  return\n}\n",
            "'scf.if' op expects regions to end with 'scf.yield', found 'other.x'",
        ),
        (
            "func.func @d(%c: i1, %x: i32, %i: index) {\n  %r = scf.for %k = %i to %i step %i iter_args(%a = %x) -> (i32) {\n    scf.yield %k : index\n  }\n  return\n}\n",
            "'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'index'",
        ),
        (
            "func.func @e(%c: i1, %x: i32, %i: index) {\n  %r = scf.for %k = %i to %i step %i iter_args(%a = %x) -> (i32) {\n    scf.yield\n  }\n  return\n}\n",
            "'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs",
        ),
        (
            "func.func @f(%c: i1, %x: i32, %i: index) {\n  %r = \"scf.for\"(%i, %i, %i, %x) ({\n  ^bb0(%k: index, %a: i64):\n    \"scf.yield\"(%x) : (i32) -> ()\n  }) : (index, index, index, i32) -> i32\n  return\n}\n",
            "'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'i64'",
        ),
        (
            "func.func @g(%c: i1, %x: i32, %i: index) {\n  %r = \"scf.for\"(%i, %i, %i, %x) ({\n  ^bb0(%k: index):\n    \"scf.yield\"(%x) : (i32) -> ()\n  }) : (index, index, index, i32) -> i32\n  return\n}\n",
            "'scf.for' op different number of inits and region iter_args: 1 != 0",
        ),
        (
            "func.func @g2(%i: index) {\n  \"scf.for\"(%i, %i, %i) ({\n  ^bb0:\n    \"scf.yield\"() : () -> ()\n  }) : (index, index, index) -> ()\n  return\n}\n",
            "'scf.for' op different number of inits and region iter_args: 0 != 18446744073709551615",
        ),
        (
            "func.func @h(%c: i1, %x: i32, %i: index) {\n  %r = \"scf.for\"(%i, %i, %i, %x) ({\n  ^bb0(%k: i32, %a: i32):\n    \"scf.yield\"(%x) : (i32) -> ()\n  }) : (index, index, index, i32) -> i32\n  return\n}\n",
            "'scf.for' op expected induction variable to be same type as bounds and step",
        ),
        (
            "func.func @i(%c: i1, %x: i32, %i: index) {\n  %r = \"scf.for\"(%i, %i, %i, %x) ({\n  ^bb0(%k: index, %a: i32):\n    \"scf.yield\"(%x) : (i32) -> ()\n  }) : (index, index, index, i32) -> i64\n  return\n}\n",
            "'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'i64'",
        ),
        // MLIR 22 reports every result mismatch as the 0-th.
        (
            "func.func @i2(%i: index, %x: i32) {\n  %r:2 = \"scf.for\"(%i, %i, %i, %x, %x) ({\n  ^bb0(%k: index, %a: i32, %b: i32):\n    \"scf.yield\"(%a, %b) : (i32, i32) -> ()\n  }) : (index, index, index, i32, i32) -> (i32, i64)\n  return\n}\n",
            "'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'i64'",
        ),
        (
            "func.func @i3(%i: index, %x: i32) {\n  %r = \"scf.for\"(%i, %i, %i) ({\n  ^bb0(%k: index):\n    \"scf.yield\"() : () -> ()\n  }) : (index, index, index) -> i32\n  return\n}\n",
            "'scf.for' op mismatch in number of loop-carried values and defined values",
        ),
        (
            "func.func @b2(%i: index, %x: i32) {\n  %r = \"scf.for\"(%i, %i, %i, %x) ({\n  ^bb0(%k: index, %a: i32):\n    \"scf.yield\"(%a, %a) : (i32, i32) -> ()\n  }) : (index, index, index, i32) -> (i32)\n  return\n}\n",
            "'scf.for' op different number of region iter_args and yielded values: 1 != 2",
        ),
        (
            "func.func @j(%c: i1, %x: i32) {\n  %w = scf.while (%a = %x) : (i32) -> i32 {\n    scf.condition(%c) %a : i32\n  } do {\n  ^bb0(%b: i64):\n    scf.yield %x : i32\n  }\n  return\n}\n",
            "'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'i64'",
        ),
        (
            "func.func @j1(%c: i1, %x: i32) {\n  %w = scf.while (%a = %x) : (i32) -> i64 {\n    scf.condition(%c) %a : i32\n  } do {\n  ^bb0(%b: i64):\n    scf.yield %x : i32\n  }\n  return\n}\n",
            "'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'i64'",
        ),
        (
            "func.func @j2(%c: i1, %x: i32) {\n  %w = \"scf.while\"(%x) ({\n  ^bb0(%a: i64):\n    \"scf.condition\"(%c, %x) : (i1, i32) -> ()\n  }, {\n  ^bb0(%b: i32):\n    \"scf.yield\"(%x) : (i32) -> ()\n  }) : (i32) -> i32\n  return\n}\n",
            "'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i64'",
        ),
        (
            "func.func @j3(%c: i1, %x: i32) {\n  %w = \"scf.while\"(%x) ({\n  ^bb0:\n    \"scf.condition\"(%c, %x) : (i1, i32) -> ()\n  }, {\n  ^bb0(%b: i32):\n    \"scf.yield\"(%x) : (i32) -> ()\n  }) : (i32) -> i32\n  return\n}\n",
            "'scf.while' op along control flow edge from parent to Region #0: region branch point has 1 operands, but region successor needs 0 inputs",
        ),
        (
            "func.func @k(%c: i1, %x: i32) {\n  %w = scf.while (%a = %x) : (i32) -> i32 {\n    scf.condition(%c) %a : i32\n  } do {\n  ^bb0(%b: i32):\n    scf.yield %x, %x : i32, i32\n  }\n  return\n}\n",
            "'scf.while' op along control flow edge from Operation scf.yield to Region #0: region branch point has 2 operands, but region successor needs 1 inputs",
        ),
        (
            "func.func @l(%c: i1, %x: i32) {\n  %w = scf.while (%a = %x) : (i32) -> i32 {\n    scf.yield %a : i32\n  } do {\n  ^bb0(%b: i32):\n    scf.yield %x : i32\n  }\n  return\n}\n",
            "'scf.while' op expects the 'before' region to terminate with 'scf.condition'",
        ),
        (
            // (mlir-opt reports the parent before the position of a
            // terminator; lockstep's core checks positions first.)
            "func.func @m(%c: i1, %x: i32) {\n  scf.condition(%c)\n}\n",
            "'scf.condition' op expects parent op 'scf.while'",
        ),
        (
            "func.func @n(%c: i1, %x: i32) {\n  scf.yield\n}\n",
            "'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&verify_err(src), want, "for {src}");
    }
    // Notes point at the terminator that branches.
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, cases[0].0);
    let d = verify_tree(&ctx, m).unwrap_err();
    assert_eq!(
        d.notes.last().map(|n| n.message.as_str()),
        Some("region branch point")
    );
    let note_loc = d.notes.last().unwrap().loc;
    assert_eq!(
        format!("{:?}", ctx.loc_data(note_loc)),
        format!("{:?}", ctx.loc_data(ctx.file_loc("t.mlir", 3, 5)))
    );
}

#[test]
fn builders_match_parsed_ir() {
    let want = "func.func @f(%c: i1, %a: i32, %n: index) -> i32 {\n  %0 = scf.if %c -> (i32) {\n    scf.yield %a : i32\n  } else {\n    scf.yield %a : i32\n  }\n  scf.if %c {\n  }\n  %1 = scf.for %i = %n to %n step %n iter_args(%x = %0) -> (i32) {\n    scf.yield %x : i32\n  }\n  scf.for %j = %n to %n step %n {\n  }\n  %2 = scf.while (%p = %1) : (i32) -> i32 {\n    scf.condition(%c) %p : i32\n  } do {\n  ^bb0(%q: i32):\n    scf.yield %q : i32\n  }\n  return %2 : i32\n}\n";
    let mut ctx = new_ctx();
    let expected_module = parse(&mut ctx, want);
    let expected = (
        pretty(&ctx, expected_module),
        generic(&ctx, expected_module),
    );

    let mut ctx = new_ctx();
    let m = parse(
        &mut ctx,
        "func.func @f(%c: i1, %a: i32, %n: index) -> i32 {\n  return %a : i32\n}\n",
    );
    let f = ctx
        .first_op(ctx.entry_block(ctx.region(m, 0)).unwrap())
        .unwrap();
    let entry = ctx.entry_block(ctx.region(f, 0)).unwrap();
    let (c, a, n) = (
        ctx.block_args(entry)[0],
        ctx.block_args(entry)[1],
        ctx.block_args(entry)[2],
    );
    let ret = ctx.last_op(entry).unwrap();
    let (loc, i32t) = (ctx.unknown_loc(), ctx.common.i32);
    {
        let mut rw = Rewriter::new(&mut ctx);
        rw.set_insertion_point(InsertPoint::Before(ret));
        let if_op = build_if(&mut rw, c, &[i32t], true, loc);
        let (tb, eb) = (
            IfOp(if_op).then_block(rw.ctx()).unwrap(),
            IfOp(if_op).else_block(rw.ctx()).unwrap(),
        );
        rw.set_insertion_point(InsertPoint::Before(ret));
        build_if(&mut rw, c, &[], false, loc);
        let r0 = rw.ctx().result(if_op, 0);
        let for_op = build_for(&mut rw, n, n, n, &[r0], loc);
        build_for(&mut rw, n, n, n, &[], loc);
        let r1 = rw.ctx().result(for_op, 0);
        let w = build_while(&mut rw, &[r1], &[i32t], loc);
        let r2 = rw.ctx().result(w, 0);
        rw.set_operands(ret, &[r2]);
        for b in [tb, eb] {
            rw.set_insertion_point(InsertPoint::BlockEnd(b));
            build_yield(&mut rw, &[a], loc);
        }
        let body = ForOp(for_op).body_block(rw.ctx()).unwrap();
        let x = ForOp(for_op).region_iter_args(rw.ctx())[0];
        rw.set_insertion_point(InsertPoint::BlockEnd(body));
        build_yield(&mut rw, &[x], loc);
        let (before, after) = (
            WhileOp(w).before_block(rw.ctx()).unwrap(),
            WhileOp(w).after_block(rw.ctx()).unwrap(),
        );
        let p = rw.ctx().block_args(before)[0];
        let q = rw.ctx().block_args(after)[0];
        rw.set_insertion_point(InsertPoint::BlockEnd(before));
        build_condition(&mut rw, c, &[p], loc);
        rw.set_insertion_point(InsertPoint::BlockEnd(after));
        build_yield(&mut rw, &[q], loc);
    }
    verify_tree(&ctx, m).unwrap_or_else(|d| panic!("verifier: {}", d.message));
    assert_eq!((pretty(&ctx, m), generic(&ctx, m)), expected);
}

/// Every prefix of the sources, and each of them with a token deleted, must
/// give a located error or IR that verifies or not — never a panic — and
/// whatever parses must print in both forms.
#[test]
fn truncated_and_mangled_input_never_panics() {
    let srcs = [SRC, PRETTY, GENERIC, CANON_SRC];
    for src in srcs {
        let mut cuts: Vec<usize> = (0..src.len())
            .filter(|&i| src.is_char_boundary(i))
            .step_by(3)
            .collect();
        cuts.push(src.len());
        for cut in cuts {
            for text in [
                src[..cut].to_string(),
                format!("{}{}", &src[..cut], &src[(cut + 2).min(src.len())..]),
            ] {
                let mut ctx = new_ctx();
                ctx.allow_unregistered = true;
                if let Ok(m) = parse_source(&mut ctx, "t.mlir", &text, 1) {
                    let verified = verify_tree(&ctx, m).is_ok();
                    let _ = pretty(&ctx, m);
                    let _ = generic(&ctx, m);
                    // Patterns, like MLIR's, run on verified IR only (an
                    // unverified use across regions could outlive its value).
                    if verified {
                        canonicalize(&mut ctx, m);
                        verify_tree(&ctx, m)
                            .unwrap_or_else(|d| panic!("after canonicalize: {}", d.message));
                        let _ = pretty(&ctx, m);
                    }
                }
            }
        }
    }
}
