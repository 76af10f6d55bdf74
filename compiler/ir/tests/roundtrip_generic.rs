//! Generic-form parsing and printing of unregistered ops.

use lockstep_ir::{Context, PrintOptions, parse_source, print_op};

fn roundtrip(src: &str) -> String {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = parse_source(&mut ctx, "t.mlir", src, 1).unwrap_or_else(|d| panic!("{}", d.message));
    print_op(
        &ctx,
        m,
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    )
}

#[test]
fn generic_ops_with_regions_and_successors() {
    let src = r#""builtin.module"() ({
  "foo.func"() <{sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "foo.add"(%arg0, %arg1) {attr = 3 : i32} : (i32, i32) -> i32
    "foo.br"(%0)[^bb1] : (i32) -> ()
  ^bb1(%1: i32):  // pred: ^bb0
    %2:2 = "foo.pair"(%1) : (i32) -> (i32, f32)
    "foo.ret"(%2#1, %arg1) : (f32, i32) -> ()
  }) : () -> ()
}) : () -> ()

"#;
    assert_eq!(roundtrip(src), src);
}

#[test]
fn forward_reference_across_blocks() {
    let src = r#""builtin.module"() ({
  "foo.r"() ({
    "foo.br"()[^bb2] : () -> ()
  ^bb1:  // pred: ^bb2
    "foo.use"(%0) : (i64) -> ()
    "foo.end"() : () -> ()
  ^bb2:  // pred: ^bb0
    %0 = "foo.def"() : () -> i64
    "foo.br"()[^bb1] : () -> ()
  }) : () -> ()
}) : () -> ()

"#;
    assert_eq!(roundtrip(src), src);
}

#[test]
fn undefined_value_is_located() {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let err = parse_source(&mut ctx, "t.mlir", "\"foo.x\"(%a) : (i32) -> ()\n", 1).unwrap_err();
    assert!(
        err.message.contains("use of undeclared SSA value name"),
        "{}",
        err.message
    );
    let pos = lockstep_ir::diag::file_line_col(ctx.uniquer(), err.loc).unwrap();
    assert_eq!((pos.1, pos.2), (1, 9));
}
