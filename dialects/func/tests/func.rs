//! Parsing, printing (pretty and generic, compared with mlir-opt 22's
//! output), verification and builders of the `func` dialect.

use lockstep_func::{CallOp, FUNC, FuncOp, build_call, build_func, build_func_decl, build_return};
use lockstep_ir::{Context, InsertPoint, OpId, PrintOptions, Rewriter, parse_source, print_op};
use lockstep_test_support::{
    self as support, check_roundtrip, generic, parse, pretty, verify_tree,
};

fn new_ctx() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&FUNC);
    ctx
}

fn parse_err(src: &str) -> String {
    support::parse_error(&mut new_ctx(), src).message
}

fn verify_err(src: &str) -> String {
    let mut ctx = new_ctx();
    ctx.allow_unregistered = true;
    support::verify_error(&mut ctx, src)
}

const SRC: &str = r#"module {
func.func private @decl(i32) -> i32
func.func private @decl2(%arg0: i32) -> (i32, i64)
func.func private @noargs()
func.func @attrs(%a: i32 {test.flag, test.foo = 3 : i64}, %b: f32) -> (i32 {test.res = "r"}, f32) attributes {test.fattr = unit} {
  return %a, %b : i32, f32
}
func.func nested @nest() {
  return
}
func.func @multi(%a: i32) -> (i32, i32) {
  %0:2 = call @multi(%a) : (i32) -> (i32, i32)
  %r:2 = func.call @multi(%0#1) : (i32) -> (i32, i32)
  return %r#1, %0#0 : i32, i32
}
func.func @empty() {
  func.return
}
func.func @f() attributes {no_inline} {
  return
}
func.func private @g(i32 {a.b}, f32 loc("x":1:2)) -> (i32 {x.y}) attributes {a}
func.func private @h(%a: i32 {a.b}) -> ((i32) -> i32)
func.func private @k() -> (i32 {a.b = 1 : i32}, i64)
func.func public @pub(%x: i32) -> i32 attributes {z = 1, a} { return {z} %x : i32 }
func.func @"quoted name"(%x: i32, %y: tensor<?x4xf32>) -> (i32 {t.a}) {
  %0 = call @"quoted name"(%x, %y) {no_inline, foo} : (i32, tensor<?x4xf32>) -> i32
  return %0 : i32
}
func.func @ftype(%x: (i32) -> i32) -> ((i32) -> i32, i1) attributes {sym.x = @decl} {
  %c = call @ret1() : () -> i1
  return %x, %c : (i32) -> i32, i1
}
func.func private @ret1() -> i1
}
"#;

// `mlir-opt t.mlir`
const PRETTY: &str = r#"module {
  func.func private @decl(i32) -> i32
  func.func private @decl2(i32) -> (i32, i64)
  func.func private @noargs()
  func.func @attrs(%arg0: i32 {test.flag, test.foo = 3 : i64}, %arg1: f32) -> (i32 {test.res = "r"}, f32) attributes {test.fattr} {
    return %arg0, %arg1 : i32, f32
  }
  func.func nested @nest() {
    return
  }
  func.func @multi(%arg0: i32) -> (i32, i32) {
    %0:2 = call @multi(%arg0) : (i32) -> (i32, i32)
    %1:2 = call @multi(%0#1) : (i32) -> (i32, i32)
    return %1#1, %0#0 : i32, i32
  }
  func.func @empty() {
    return
  }
  func.func @f() attributes {no_inline} {
    return
  }
  func.func private @g(i32 {a.b}, f32) -> (i32 {x.y}) attributes {a}
  func.func private @h(i32 {a.b}) -> ((i32) -> i32)
  func.func private @k() -> (i32 {a.b = 1 : i32}, i64)
  func.func public @pub(%arg0: i32) -> i32 attributes {a, z = 1 : i64} {
    return {z} %arg0 : i32
  }
  func.func @"quoted name"(%arg0: i32, %arg1: tensor<?x4xf32>) -> (i32 {t.a}) {
    %0 = call @"quoted name"(%arg0, %arg1) {foo, no_inline} : (i32, tensor<?x4xf32>) -> i32
    return %0 : i32
  }
  func.func @ftype(%arg0: (i32) -> i32) -> ((i32) -> i32, i1) attributes {sym.x = @decl} {
    %0 = call @ret1() : () -> i1
    return %arg0, %0 : (i32) -> i32, i1
  }
  func.func private @ret1() -> i1
}

"#;

// `mlir-opt --mlir-print-op-generic t.mlir`
const GENERIC: &str = r#""builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i64), sym_name = "decl2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "noargs", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{arg_attrs = [{test.flag, test.foo = 3 : i64}, {}], function_type = (i32, f32) -> (i32, f32), res_attrs = [{test.res = "r"}, {}], sym_name = "attrs"}> ({
  ^bb0(%arg5: i32, %arg6: f32):
    "func.return"(%arg5, %arg6) : (i32, f32) -> ()
  }) {test.fattr} : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "nest", sym_visibility = "nested"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "multi"}> ({
  ^bb0(%arg4: i32):
    %2:2 = "func.call"(%arg4) <{callee = @multi}> : (i32) -> (i32, i32)
    %3:2 = "func.call"(%2#1) <{callee = @multi}> : (i32) -> (i32, i32)
    "func.return"(%3#1, %2#0) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), no_inline, sym_name = "f"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{a.b}, {}], function_type = (i32, f32) -> i32, res_attrs = [{x.y}], sym_name = "g", sym_visibility = "private"}> ({
  }) {a} : () -> ()
  "func.func"() <{arg_attrs = [{a.b}], function_type = (i32) -> ((i32) -> i32), sym_name = "h", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (i32, i64), res_attrs = [{a.b = 1 : i32}, {}], sym_name = "k", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "pub", sym_visibility = "public"}> ({
  ^bb0(%arg3: i32):
    "func.return"(%arg3) {z} : (i32) -> ()
  }) {a, z = 1 : i64} : () -> ()
  "func.func"() <{function_type = (i32, tensor<?x4xf32>) -> i32, res_attrs = [{t.a}], sym_name = "quoted name"}> ({
  ^bb0(%arg1: i32, %arg2: tensor<?x4xf32>):
    %1 = "func.call"(%arg1, %arg2) <{callee = @"quoted name", no_inline}> {foo} : (i32, tensor<?x4xf32>) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = ((i32) -> i32) -> ((i32) -> i32, i1), sym_name = "ftype"}> ({
  ^bb0(%arg0: (i32) -> i32):
    %0 = "func.call"() <{callee = @ret1}> : () -> i1
    "func.return"(%arg0, %0) : ((i32) -> i32, i1) -> ()
  }) {sym.x = @decl} : () -> ()
  "func.func"() <{function_type = () -> i1, sym_name = "ret1", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()

"#;

#[test]
fn roundtrip_matches_mlir_opt() {
    check_roundtrip(new_ctx, SRC, PRETTY, GENERIC);
}

#[test]
fn parse_errors_match_mlir() {
    assert_eq!(
        parse_err(
            "func.func @f() attributes {no_inline, sym_visibility = \"private\"} {\n  return\n}\n"
        ),
        "custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary"
    );
    assert_eq!(
        parse_err("func.func @e() {\n}\n"),
        "custom op 'func.func' expected non-empty function body"
    );
    assert_eq!(
        parse_err("func.func private @m(i32, %a: i32)\n"),
        "expected type instead of SSA identifier"
    );
    assert_eq!(
        parse_err("func.func private @m(%a: i32, i32)\n"),
        "expected SSA identifier"
    );
    assert_eq!(
        parse_err("func.func @c(%a: i32) {\n  call @c(%a) : i32\n  return\n}\n"),
        "custom op 'func.call' invalid kind of type specified"
    );
    assert_eq!(
        parse_err("func.func @c(%a: i32) {\n  return %a, %a : i32\n}\n"),
        "custom op 'func.return' 2 operands present, but expected 1"
    );
    assert_eq!(
        parse_err("func.func @c(%a: i32) {\n  return %a : i64\n}\n"),
        "use of value '%a' expects different type than prior uses: 'i64' vs 'i32'"
    );
    // Located at the offending token.
    let mut ctx = new_ctx();
    let d = support::parse_error(&mut ctx, "func.func @e() {\n}\n");
    assert_eq!(
        format!("{:?}", ctx.loc_data(d.loc)),
        format!("{:?}", ctx.loc_data(ctx.file_loc("t.mlir", 1, 16)))
    );
}

#[test]
fn bare_type_arguments_with_a_body_fail_verification() {
    assert_eq!(
        verify_err("func.func @f(i32) {\n  return\n}\n"),
        "'func.func' op entry block must have 1 arguments to match function signature"
    );
}

#[test]
fn func_verifier_messages() {
    let cases: &[(&str, &str)] = &[
        (
            "\"func.func\"() <{function_type = (i32) -> (), sym_name = \"a\"}> ({\n^bb0(%x: i64):\n  \"func.return\"() : () -> ()\n}) : () -> ()\n",
            "'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')",
        ),
        (
            "\"func.func\"() <{function_type = (i32) -> (), sym_name = \"b\", arg_attrs = [{}, {}]}> ({\n^bb0(%x: i32):\n  \"func.return\"() : () -> ()\n}) : () -> ()\n",
            "'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1",
        ),
        (
            "\"func.func\"() <{function_type = (i32) -> (i32), sym_name = \"c\", res_attrs = [{}, {}]}> ({\n^bb0(%x: i32):\n  \"func.return\"(%x) : (i32) -> ()\n}) : () -> ()\n",
            "'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 2, but expected 1",
        ),
        (
            "\"func.func\"() <{function_type = (i32) -> (), sym_name = \"d\", sym_visibility = \"foo\"}> ({\n^bb0(%x: i32):\n  \"func.return\"() : () -> ()\n}) : () -> ()\n",
            "'func.func' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"foo\"",
        ),
        (
            "\"func.func\"() <{function_type = () -> (), sym_name = \"g\"}> ({\n}) : () -> ()\n",
            "'func.func' op symbol declaration cannot have public visibility",
        ),
        (
            "func.func public @k() -> i32\n",
            "'func.func' op symbol declaration cannot have public visibility",
        ),
        (
            "func.func @r(%x: i32) -> (i32 {a}) {\n  return %x : i32\n}\n",
            "'func.func' op results may only have dialect attributes",
        ),
        (
            "func.func private @r(i32 {a})\n",
            "'func.func' op arguments may only have dialect attributes",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&verify_err(src), want, "for {src}");
    }
}

#[test]
fn return_verifier_messages() {
    assert_eq!(
        verify_err("func.func @e(%x: i32) -> i64 {\n  return %x : i32\n}\n"),
        "type of return operand 0 ('i32') doesn't match function result type ('i64') in function @e"
    );
    assert_eq!(
        verify_err("func.func @f(%x: i32) -> i64 {\n  return\n}\n"),
        "'func.return' op has 0 operands, but enclosing function (@f) returns 1"
    );
    assert_eq!(
        verify_err(
            "func.func @g() {\n  \"test.foo\"() ({\n     func.return\n  }) : () -> ()\n  return\n}\n"
        ),
        "'func.return' op expects parent op 'func.func'"
    );
}

#[test]
fn call_verifier_messages() {
    let cases: &[(&str, &str)] = &[
        (
            "func.func @g(%x: i32) {\n  call @nosuch(%x) : (i32) -> ()\n  return\n}\n",
            "'func.call' op 'nosuch' does not reference a valid function",
        ),
        (
            "func.func private @h(i64) -> i32\nfunc.func @g(%x: i32) {\n  call @h(%x) : (i32) -> i32\n  return\n}\n",
            "'func.call' op operand type mismatch: expected operand type 'i64', but provided 'i32' for operand number 0",
        ),
        (
            "func.func private @h(i32) -> i32\nfunc.func @g(%x: i32) {\n  call @h(%x, %x) : (i32, i32) -> i32\n  return\n}\n",
            "'func.call' op incorrect number of operands for callee",
        ),
        (
            "func.func private @h(i32) -> i32\nfunc.func @g(%x: i32) {\n  call @h(%x) : (i32) -> ()\n  return\n}\n",
            "'func.call' op incorrect number of results for callee",
        ),
        // The attribute dictionary overrides the callee written first.
        (
            "func.func @i() {\n  func.call @i() {callee = @j} : () -> ()\n  return\n}\n",
            "'func.call' op 'j' does not reference a valid function",
        ),
        // Lookup is in the nearest symbol table only.
        (
            "module {\n  module @inner {\n    func.func private @g()\n  }\n  func.func @k() {\n    call @g() : () -> ()\n    return\n  }\n}\n",
            "'func.call' op 'g' does not reference a valid function",
        ),
        // A symbol that is not a function.
        (
            "module {\n  module @m {\n  }\n  func.func @k() {\n    call @m() : () -> ()\n    return\n  }\n}\n",
            "'func.call' op 'm' does not reference a valid function",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&verify_err(src), want, "for {src}");
    }
    let mut ctx = new_ctx();
    let m = parse(
        &mut ctx,
        "func.func private @h(i32) -> (i32, i64)\nfunc.func @g(%x: i32) {\n  %0:2 = call @h(%x) : (i32) -> (i32, i32)\n  return\n}\n",
    );
    let d = verify_tree(&ctx, m).unwrap_err();
    assert_eq!(d.message, "'func.call' op result type mismatch at index 1");
    let notes: Vec<&str> = d.notes.iter().map(|n| n.message.as_str()).collect();
    assert_eq!(
        notes,
        [
            "      op result types: 'i32', 'i32'",
            "function result types: 'i32', 'i64'"
        ]
    );
}

#[test]
fn call_under_unregistered_region_op_is_not_checked() {
    let mut ctx = new_ctx();
    ctx.allow_unregistered = true;
    let m = parse(
        &mut ctx,
        "func.func @caller() {\n  \"test.region\"() ({\n    func.call @nowhere() : () -> ()\n    \"test.end\"() : () -> ()\n  }) : () -> ()\n  return\n}\n",
    );
    assert!(verify_tree(&ctx, m).is_ok());
}

#[test]
fn call_resolution_survives_edits() {
    let mut ctx = new_ctx();
    let m = parse(
        &mut ctx,
        "func.func private @a()\nfunc.func @b() {\n  call @a() : () -> ()\n  return\n}\n",
    );
    let body = ctx.entry_block(ctx.region(m, 0)).unwrap();
    let ops: Vec<OpId> = ctx.block_ops(body).collect();
    let b = FuncOp(ops[1]);
    let call = CallOp(ctx.first_op(b.entry_block(&ctx).unwrap()).unwrap());
    assert_eq!(call.resolve(&ctx).map(|f| f.op()), Some(ops[0]));
    // Erase the callee: the cached lookup must not answer with a dead op.
    {
        let mut rw = Rewriter::new(&mut ctx);
        rw.erase_op(ops[0]);
    }
    assert_eq!(call.resolve(&ctx), None);
    assert_eq!(
        verify_tree(&ctx, m).unwrap_err().message,
        "'func.call' op 'a' does not reference a valid function"
    );
    // A new definition with the same name is found again.
    {
        let loc = ctx.unknown_loc();
        let fty = ctx.function_type(&[], &[]);
        let mut rw = Rewriter::new(&mut ctx);
        rw.set_insertion_point(InsertPoint::BlockStart(body));
        build_func_decl(&mut rw, "a", fty, Some("private"), loc);
    }
    assert!(call.resolve(&ctx).is_some());
    assert!(verify_tree(&ctx, m).is_ok());
}

#[test]
fn builders_produce_verifiable_ir() {
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, "module {\n}\n");
    let body = ctx.entry_block(ctx.region(m, 0)).unwrap();
    let (i32t, i64t) = (ctx.common.i32, ctx.common.i64);
    let loc = ctx.unknown_loc();
    let callee_ty = ctx.function_type(&[i32t], &[i64t]);
    let fty = ctx.function_type(&[i32t], &[i64t]);
    {
        let mut rw = Rewriter::new(&mut ctx);
        rw.set_insertion_point(InsertPoint::BlockEnd(body));
        build_func_decl(&mut rw, "ext", callee_ty, Some("private"), loc);
        let f = build_func(&mut rw, "caller", fty, loc);
        let entry = FuncOp(f).entry_block(rw.ctx()).unwrap();
        let arg = rw.ctx().block_args(entry)[0];
        rw.set_insertion_point(InsertPoint::BlockEnd(entry));
        let call = build_call(&mut rw, "ext", &[arg], &[i64t], loc);
        let r = rw.ctx().result(call, 0);
        build_return(&mut rw, &[r], loc);
    }
    verify_tree(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    assert_eq!(
        pretty(&ctx, m),
        "module {\n  func.func private @ext(i32) -> i64\n  func.func @caller(%arg0: i32) -> i64 {\n    %0 = call @ext(%arg0) : (i32) -> i64\n    return %0 : i64\n  }\n}\n\n"
    );
    let f = FuncOp::from_op(&ctx, ctx.last_op(body).unwrap()).unwrap();
    assert_eq!(f.name(&ctx), "caller");
    assert_eq!(f.inputs(&ctx), &[i32t]);
    assert_eq!(f.results(&ctx), &[i64t]);
    assert!(!f.is_declaration(&ctx));
    assert_eq!(f.visibility(&ctx), None);
}

#[test]
fn argument_locations_default_to_their_names() {
    let mut ctx = new_ctx();
    let m = parse(
        &mut ctx,
        "func.func @f(%a: i32, %b: i32 loc(\"x.c\":3:4)) {\n  return\n}\n",
    );
    let out = print_op(
        &ctx,
        m,
        PrintOptions {
            debug_info: true,
            ..Default::default()
        },
    );
    assert!(
        out.contains(
            "func.func @f(%arg0: i32 loc(\"t.mlir\":1:14), %arg1: i32 loc(\"x.c\":3:4)) {"
        ),
        "{out}"
    );
}

/// Every prefix of the sources, and each of them with a token deleted, must
/// give a located error or IR that verifies or not — never a panic — and
/// whatever parses must print in both forms.
#[test]
fn truncated_and_mangled_input_never_panics() {
    let srcs = [SRC, PRETTY, GENERIC];
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
                    let _ = verify_tree(&ctx, m);
                    let _ = pretty(&ctx, m);
                    let _ = generic(&ctx, m);
                }
            }
        }
    }
}
