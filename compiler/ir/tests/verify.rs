//! The verifier, driven from outside the crate: a small dialect `t` is
//! defined here with static `OpDef`s (constraints, traits, hooks) and
//! registered like any DSL author's dialect; IR is parsed from generic-form
//! text (or edited with the `Rewriter` where the parser cannot produce the
//! broken shape) and every rule is exercised by a failing case whose
//! messages and locations are checked.

use lockstep_ir::attrs::AttrData;
use lockstep_ir::diag::file_line_col;
use lockstep_ir::opdef::{
    Arity, AttrSpec, RegionSpec, SuccessorSpec, TypeConstraint, ValueSpec, constraints,
};
use lockstep_ir::types::TypeData;
use lockstep_ir::verify::{VerifyOptions, verify, verify_first_errors, verify_with_options};
use lockstep_ir::{
    Context, Diagnostic, Dialect, InsertPoint, OpDef, OpId, OperationState, Rewriter, SourceFile,
    SourceMgr, Traits, parse_source,
};

// ----- the test dialect -----

static INT_LIKE: TypeConstraint = TypeConstraint {
    description: "signless-integer-like",
    check: |c, t| c.type_data(t).is_signless_integer() || c.type_data(t).is_index(),
};

const fn one(name: &'static str, constraint: &'static TypeConstraint) -> ValueSpec {
    ValueSpec {
        name,
        constraint,
        arity: Arity::Single,
    }
}
const fn many(name: &'static str, constraint: &'static TypeConstraint) -> ValueSpec {
    ValueSpec {
        name,
        constraint,
        arity: Arity::Variadic,
    }
}

fn err(ctx: &Context, op: OpId, msg: String) -> Result<(), Diagnostic> {
    Err(Diagnostic::error(
        ctx.loc(op),
        format!("'{}' op {msg}", ctx.name_of(op)),
    ))
}

fn function_type(
    ctx: &Context,
    f: OpId,
) -> Option<(Vec<lockstep_ir::TypeId>, Vec<lockstep_ir::TypeId>)> {
    match ctx.attr_data(ctx.attr_of(f, "function_type")?) {
        AttrData::Type(t) => match ctx.type_data(*t) {
            TypeData::Function { inputs, results } => Some((inputs.to_vec(), results.to_vec())),
            _ => None,
        },
        _ => None,
    }
}

static FUNC: OpDef = OpDef {
    name: "t.func",
    attrs: &[
        AttrSpec {
            name: "sym_name",
            constraint: &constraints::SYMBOL_NAME,
            optional: false,
        },
        AttrSpec {
            name: "function_type",
            constraint: &constraints::FUNCTION_TYPE_ATTR,
            optional: false,
        },
    ],
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::ISOLATED_FROM_ABOVE.union(Traits::SYMBOL),
    // Runs only once the body verified, so it may rely on its structure.
    verify_regions: Some(|ctx, op| {
        let Some(&entry) = ctx.region_blocks(ctx.region(op, 0)).first() else {
            return Ok(());
        };
        let (inputs, _) = function_type(ctx, op).unwrap_or_default();
        let args = ctx.block_args(entry).len();
        if args != inputs.len() {
            return err(
                ctx,
                op,
                format!(
                    "entry block must have {} arguments to match function signature",
                    inputs.len()
                ),
            );
        }
        Ok(())
    }),
    ..OpDef::DEFAULT
};

static RETURN: OpDef = OpDef {
    name: "t.return",
    operands: &[many("operands", &constraints::ANY)],
    traits: Traits::TERMINATOR.union(Traits::RETURN_LIKE),
    verify: Some(|ctx, op| {
        let Some(f) = ctx.parent_op(op).filter(|&p| ctx.name_of(p) == "t.func") else {
            return err(ctx, op, "expects parent op 't.func'".into());
        };
        let (_, results) = function_type(ctx, f).unwrap_or_default();
        let n = ctx.operands(op).len();
        if n != results.len() {
            return err(
                ctx,
                op,
                format!(
                    "has {n} operands, but enclosing function returns {}",
                    results.len()
                ),
            );
        }
        Ok(())
    }),
    ..OpDef::DEFAULT
};

static ADDI: OpDef = OpDef {
    name: "t.addi",
    operands: &[one("lhs", &INT_LIKE), one("rhs", &INT_LIKE)],
    results: &[one("result", &INT_LIKE)],
    traits: Traits::PURE.union(Traits::SAME_OPERANDS_AND_RESULT_TYPE),
    ..OpDef::DEFAULT
};

static SAME: OpDef = OpDef {
    name: "t.same",
    operands: &[many("operands", &constraints::ANY)],
    results: &[many("results", &constraints::ANY)],
    traits: Traits::SAME_OPERANDS_AND_RESULT_TYPE,
    ..OpDef::DEFAULT
};

static CMPI: OpDef = OpDef {
    name: "t.cmpi",
    operands: &[one("lhs", &INT_LIKE), one("rhs", &INT_LIKE)],
    results: &[one("result", &constraints::BOOL)],
    attrs: &[AttrSpec {
        name: "predicate",
        constraint: &constraints::INTEGER_ATTR,
        optional: false,
    }],
    traits: Traits::SAME_TYPE_OPERANDS,
    ..OpDef::DEFAULT
};

static CONST: OpDef = OpDef {
    name: "t.const",
    results: &[one("result", &constraints::ANY)],
    attrs: &[AttrSpec {
        name: "value",
        constraint: &constraints::INTEGER_ATTR,
        optional: false,
    }],
    traits: Traits::CONSTANT_LIKE,
    verify: Some(|ctx, op| {
        // Relies on layer 2 having checked that `value` is an integer.
        let AttrData::Integer { ty, .. } =
            ctx.attr_data(ctx.attr_of(op, "value").expect("layer 2 ran"))
        else {
            unreachable!("layer 2 checked the attribute kind")
        };
        if *ty != ctx.value_type(ctx.result(op, 0)) {
            return err(ctx, op, "value type does not match result type".into());
        }
        Ok(())
    }),
    ..OpDef::DEFAULT
};

static BR: OpDef = OpDef {
    name: "t.br",
    operands: &[many("destOperands", &constraints::ANY)],
    successors: SuccessorSpec::Exact(1),
    traits: Traits::TERMINATOR,
    successor_operands: Some(|ctx, op, _| 0..ctx.operands(op).len()),
    ..OpDef::DEFAULT
};

static COND_BR: OpDef = OpDef {
    name: "t.cond_br",
    operands: &[
        one("condition", &constraints::BOOL),
        many("trueDestOperands", &constraints::ANY),
        many("falseDestOperands", &constraints::ANY),
    ],
    successors: SuccessorSpec::Exact(2),
    traits: Traits::TERMINATOR.union(Traits::ATTR_SIZED_OPERAND_SEGMENTS),
    successor_operands: Some(|ctx, op, i| {
        ctx.operand_groups(op).map_or(0..0, |g| g[i + 1].clone())
    }),
    ..OpDef::DEFAULT
};

static IF: OpDef = OpDef {
    name: "t.if",
    operands: &[one("condition", &constraints::BOOL)],
    results: &[many("results", &constraints::ANY)],
    regions: &[
        RegionSpec {
            name: "thenRegion",
            single_block: true,
        },
        RegionSpec {
            name: "elseRegion",
            single_block: false,
        },
    ],
    ..OpDef::DEFAULT
};

static YIELD: OpDef = OpDef {
    name: "t.yield",
    operands: &[many("operands", &constraints::ANY)],
    traits: Traits::TERMINATOR.union(Traits::RETURN_LIKE),
    ..OpDef::DEFAULT
};

static SINGLE: OpDef = OpDef {
    name: "t.single",
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::SINGLE_BLOCK,
    ..OpDef::DEFAULT
};

static GRAPH: OpDef = OpDef {
    name: "t.graph",
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::GRAPH_REGIONS.union(Traits::NO_TERMINATOR),
    ..OpDef::DEFAULT
};

static TABLE: OpDef = OpDef {
    name: "t.table",
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::SYMBOL_TABLE.union(Traits::NO_TERMINATOR),
    ..OpDef::DEFAULT
};

static SYM: OpDef = OpDef {
    name: "t.sym",
    traits: Traits::SYMBOL,
    ..OpDef::DEFAULT
};

static OPT: OpDef = OpDef {
    name: "t.opt",
    operands: &[ValueSpec {
        name: "maybe",
        constraint: &constraints::ANY,
        arity: Arity::Optional,
    }],
    ..OpDef::DEFAULT
};

static PAIR: OpDef = OpDef {
    name: "t.pair",
    operands: &[one("a", &constraints::ANY), one("b", &constraints::ANY)],
    results: &[one("x", &constraints::ANY), one("y", &constraints::ANY)],
    ..OpDef::DEFAULT
};

static ATLEAST: OpDef = OpDef {
    name: "t.atleast",
    operands: &[
        one("first", &constraints::ANY),
        many("rest", &constraints::INDEX),
    ],
    ..OpDef::DEFAULT
};

static TWO_VARIADIC: OpDef = OpDef {
    name: "t.two_variadic",
    operands: &[many("a", &constraints::ANY), many("b", &constraints::ANY)],
    ..OpDef::DEFAULT
};

static USE: OpDef = OpDef {
    name: "t.use",
    operands: &[many("operands", &constraints::ANY)],
    ..OpDef::DEFAULT
};

static DEF: OpDef = OpDef {
    name: "t.def",
    results: &[many("results", &constraints::ANY)],
    ..OpDef::DEFAULT
};

/// A region holder whose region verifier always complains: it shows when
/// layer 4 runs.
static CHECKED: OpDef = OpDef {
    name: "t.checked",
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::NO_TERMINATOR,
    verify_regions: Some(|ctx, op| err(ctx, op, "region verifier ran".into())),
    ..OpDef::DEFAULT
};

static T: Dialect = Dialect {
    name: "t",
    summary: "ops to exercise the verifier",
    ops: &[
        &FUNC,
        &RETURN,
        &ADDI,
        &SAME,
        &CMPI,
        &CONST,
        &BR,
        &COND_BR,
        &IF,
        &YIELD,
        &SINGLE,
        &GRAPH,
        &TABLE,
        &SYM,
        &OPT,
        &PAIR,
        &ATLEAST,
        &TWO_VARIADIC,
        &USE,
        &DEF,
        &CHECKED,
    ],
    materialize_constant: None,
    allows_unknown_ops: true,
};

// ----- helpers -----

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&T);
    ctx
}

fn parse(ctx: &mut Context, src: &str) -> OpId {
    parse_source(ctx, "v.mlir", src, 1).unwrap_or_else(|d| panic!("parse error: {}", d.message))
}

/// `line:col: severity: message`, with notes after their diagnostic.
fn describe(ctx: &Context, diags: &[Diagnostic]) -> Vec<String> {
    let pos = |d: &Diagnostic| match file_line_col(ctx.uniquer(), d.loc) {
        Some((_, l, c)) => format!("{l}:{c}"),
        None => "?".to_string(),
    };
    let mut out = Vec::new();
    for d in diags {
        out.push(format!(
            "{}: {}: {}",
            pos(d),
            d.severity.as_str(),
            d.message
        ));
        for n in &d.notes {
            out.push(format!(
                "{}: {}: {}",
                pos(n),
                n.severity.as_str(),
                n.message
            ));
        }
    }
    out
}

fn check_ctx(ctx: &Context, root: OpId) -> Vec<String> {
    match verify(ctx, root) {
        Ok(()) => Vec::new(),
        Err(d) => describe(ctx, &d),
    }
}

/// Parses and verifies; the diagnostics as `describe` lines.
fn check(src: &str) -> Vec<String> {
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    check_ctx(&ctx, m)
}

/// A function `@f` with the given signature and body (generic form).
fn func(sig: &str, body: &str) -> String {
    format!(
        "\"t.func\"() <{{sym_name = \"f\", function_type = {sig}}}> ({{\n{body}\n}}) : () -> ()\n"
    )
}

// ----- valid IR -----

#[test]
fn valid_ir_verifies() {
    let src = func(
        "(i32, i1) -> i32",
        r#"^bb0(%a: i32, %c: i1):
  %0 = "t.addi"(%a, %a) : (i32, i32) -> i32
  %k = "t.const"() <{value = 3 : i32}> : () -> i32
  %p = "t.cmpi"(%0, %k) <{predicate = 0 : i64}> : (i32, i32) -> i1
  "t.cond_br"(%p, %0, %k)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
^bb1(%x: i32):
  %r = "t.if"(%c) ({
    "t.yield"(%x) : (i32) -> ()
  }, {
    "t.yield"(%a) : (i32) -> ()
  }) : (i1) -> i32
  "t.br"(%r)[^bb2] : (i32) -> ()
^bb2(%y: i32):
  "t.graph"() ({
    "t.use"(%late) : (i32) -> ()
    %late = "t.def"() : () -> i32
  }) : () -> ()
  "t.return"(%y) : (i32) -> ()"#,
    );
    assert_eq!(check(&src), Vec::<String>::new());
    // A declaration: an empty region.
    assert!(
        check(r#""t.func"() <{sym_name = "d", function_type = (i32) -> ()}> ({}) : () -> ()"#)
            .is_empty()
    );
}

// ----- layer 1: structure -----

#[test]
fn unregistered_ops_need_permission() {
    let src = "\"foo.bar\"() : () -> ()\n\"t.unknown\"() : () -> ()\n";
    let mut ctx = context();
    ctx.allow_unregistered = true;
    let m = parse(&mut ctx, src);
    assert!(
        check_ctx(&ctx, m).is_empty(),
        "allowed when the context allows them"
    );
    ctx.allow_unregistered = false;
    assert_eq!(
        check_ctx(&ctx, m),
        [
            "1:1: error: 'foo.bar' op created with unregistered dialect. If this is intended, please call \
             allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used",
            "2:1: error: unregistered operation 't.unknown' found in dialect ('t') that does not allow unknown operations",
        ]
    );
}

#[test]
fn allowed_unregistered_ops_skip_constraints_but_not_structure() {
    let mut ctx = context();
    ctx.allow_unregistered = true;
    // One block needs no terminator (the op might be NO_TERMINATOR); with
    // two, each must end in something that might be a terminator.
    let src = r#""foo.r"(%x) ({
  "t.addi"() : () -> ()
}) {anything = 1} : (i32) -> ()
%x = "foo.def"() : () -> i32
"foo.s"() ({
  "foo.any"() : () -> ()
^bb1:
  "t.use"() : () -> ()
}) : () -> ()
"#;
    let m = parse(&mut ctx, src);
    assert_eq!(
        check_ctx(&ctx, m),
        [
            "2:3: error: 't.addi' op expected 2 operands, but found 0",
            "2:3: error: 't.addi' op requires one result",
            "8:3: error: block with no terminator, has \"t.use\"() : () -> ()",
        ]
    );
}

#[test]
fn region_and_successor_counts() {
    let src = func(
        "(i1) -> ()",
        r#"^bb0(%c: i1):
  "t.if"(%c) : (i1) -> ()
  "t.use"() ({}) : () -> ()
  "t.single"() : () -> ()
  "t.cond_br"(%c)[^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  "t.br"() : () -> ()"#,
    );
    assert_eq!(
        check(&src),
        [
            "3:3: error: 't.if' op expected 2 regions",
            "4:3: error: 't.use' op requires zero regions",
            "5:3: error: 't.single' op requires one region",
            "6:3: error: 't.cond_br' op requires 2 successors but found 1",
            "8:3: error: 't.br' op requires 1 successor but found 0",
        ]
    );
}

#[test]
fn single_block_regions() {
    let src = r#""t.single"() ({
  "t.yield"() : () -> ()
^bb1:
  "t.yield"() : () -> ()
}) : () -> ()
"t.single"() ({
^bb0:
}) : () -> ()
"t.single"() ({}) : () -> ()
"t.def"() : () -> ()
"t.if"(%c) ({}, {}) : (i1) -> ()
"t.graph"() ({
^bb0:
  "t.yield"() : () -> ()
^bb1:
  "t.yield"() : () -> ()
}) : () -> ()
%c = "t.def"() : () -> i1
"#;
    assert_eq!(
        check(src),
        [
            "1:1: error: 't.single' op expects region #0 to have 0 or 1 blocks",
            "6:1: error: 't.single' op expects a non-empty block",
            "11:1: error: 't.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks",
            "12:1: error: 't.graph' op expects graph region #0 to have 0 or 1 blocks",
        ]
    );
}

#[test]
fn entry_blocks_have_no_predecessors_and_blocks_are_not_empty() {
    let src = func("() -> ()", "^bb0:\n  \"t.br\"()[^bb0] : () -> ()\n");
    assert_eq!(
        check(&src),
        ["1:1: error: entry block of region may not have predecessors"]
    );
    let src = func("() -> ()", "  \"t.br\"()[^bb1] : () -> ()\n^bb1:\n");
    assert_eq!(
        check(&src),
        ["1:1: error: empty block: expect at least a terminator"]
    );
}

#[test]
fn terminators_come_last() {
    let src = func(
        "() -> ()",
        r#"  "t.return"() : () -> ()
  "t.br"()[^bb1] : () -> ()
  "t.return"() : () -> ()
^bb1:
  "t.return"() : () -> ()"#,
    );
    assert_eq!(
        check(&src),
        [
            "2:3: error: 't.return' op must be the last operation in the parent block",
            "3:3: error: operation with block successors must terminate its parent block",
        ]
    );
}

#[test]
fn blocks_end_in_terminators() {
    let src = func(
        "(i32) -> ()",
        "^bb0(%a: i32):\n  %0 = \"t.addi\"(%a, %a) : (i32, i32) -> i32\n",
    );
    assert_eq!(
        check(&src),
        [
            "3:8: error: block with no terminator, has %0 = \"t.addi\"(%arg0, %arg0) : (i32, i32) -> i32"
        ]
    );
    // A region op quoted in a message spans several lines.
    let src = func(
        "(i1) -> ()",
        "^bb0(%c: i1):\n  \"t.if\"(%c) ({\n    \"t.yield\"() : () -> ()\n  }, {\n  }) : (i1) -> ()\n",
    );
    assert_eq!(
        check(&src),
        [
            "3:3: error: block with no terminator, has \n\"t.if\"(%arg0) ({\n  \"t.yield\"() : () -> ()\n}, {\n}) : (i1) -> ()"
        ]
    );
}

#[test]
fn successors_stay_in_their_region() {
    // The parser scopes block names per region, so build the bad edges.
    let src = func(
        "(i1) -> ()",
        r#"^bb0(%c: i1):
  "t.if"(%c) ({
    "t.yield"() : () -> ()
  }, {
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    "t.yield"() : () -> ()
  }) : (i1) -> ()
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.return"() : () -> ()"#,
    );
    let mut ctx = context();
    let m = parse(&mut ctx, &src);
    assert!(check_ctx(&ctx, m).is_empty());
    let f = ctx
        .first_op(ctx.region_blocks(ctx.region(m, 0))[0])
        .unwrap();
    let body = ctx.region_blocks(ctx.region(f, 0)).to_vec();
    let if_op = ctx.first_op(body[0]).unwrap();
    let inner_br = ctx.first_op(ctx_block(&ctx, if_op, 1, 0)).unwrap();
    let outer_br = ctx.last_op(body[0]).unwrap();
    let inner_target = ctx_block(&ctx, if_op, 1, 1);
    let mut rw = Rewriter::new(&mut ctx);
    rw.set_successor(outer_br, 0, inner_target);
    rw.set_successor(inner_br, 0, body[1]);
    // The function's blocks are checked before the if's.
    assert_eq!(
        check_ctx(&ctx, m),
        [
            "10:3: error: 't.br' op branching to block of a different region",
            "6:5: error: 't.br' op branching to block of a different region"
        ]
    );
}

fn ctx_block(ctx: &Context, op: OpId, region: usize, block: usize) -> lockstep_ir::BlockId {
    ctx.region_blocks(ctx.region(op, region))[block]
}

// ----- layer 2: OpDef constraints -----

#[test]
fn operand_and_result_counts() {
    let src = func(
        "(i32) -> ()",
        r#"^bb0(%a: i32):
  %0 = "t.addi"(%a) : (i32) -> i32
  "t.addi"(%a, %a) : (i32, i32) -> ()
  %1 = "t.pair"(%a, %a) : (i32, i32) -> i32
  %2:2 = "t.pair"(%a) : (i32) -> (i32, i32)
  %3 = "t.const"(%a) <{value = 1 : i32}> : (i32) -> i32
  "t.if"() ({
    "t.yield"() : () -> ()
  }, {
  }) : () -> ()
  "t.atleast"() : () -> ()
  "t.opt"(%a, %a) : (i32, i32) -> ()
  "t.two_variadic"(%a) : (i32) -> ()
  "t.return"() : () -> ()"#,
    );
    assert_eq!(
        check(&src),
        [
            "3:8: error: 't.addi' op expected 2 operands, but found 1",
            "4:3: error: 't.addi' op requires one result",
            "5:8: error: 't.pair' op expected 2 results",
            "6:10: error: 't.pair' op expected 2 operands, but found 1",
            "7:8: error: 't.const' op requires zero operands",
            "8:3: error: 't.if' op requires a single operand",
            "12:3: error: 't.atleast' op expected 1 or more operands, but found 0",
            "13:3: error: 't.opt' op operand group starting at #0 requires 0 or 1 element, but found 2",
            "14:3: error: 't.two_variadic' op has 2 variable-length operand groups, which need segment sizes to be split",
        ]
    );
}

#[test]
fn operand_segment_sizes() {
    let body = |segments: &str, operands: &str, types: &str| {
        func(
            "(i1, i32) -> ()",
            &format!(
                "^bb0(%c: i1, %a: i32):\n  \"t.cond_br\"({operands})[^bb1, ^bb1] {segments} : ({types}) -> ()\n^bb1:\n  \"t.return\"() : () -> ()"
            ),
        )
    };
    let cases = [
        (
            body("", "%c", "i1"),
            "'t.cond_br' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'",
        ),
        (
            body("<{operandSegmentSizes = array<i32: 1, 0>}>", "%c", "i1"),
            "'t.cond_br' op 'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got 2",
        ),
        (
            body("<{operandSegmentSizes = array<i32: 2, -1, 0>}>", "%c", "i1"),
            "'t.cond_br' op 'operandSegmentSizes' attribute cannot have negative elements",
        ),
        (
            body("<{operandSegmentSizes = array<i64: 1, 0, 0>}>", "%c", "i1"),
            "'t.cond_br' op requires dense i32 array attribute 'operandSegmentSizes'",
        ),
        (
            body("<{operandSegmentSizes = array<i32: 1, 1, 0>}>", "%c", "i1"),
            "'t.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'",
        ),
        (
            body(
                "<{operandSegmentSizes = array<i32: 2, 0, 0>}>",
                "%c, %c",
                "i1, i1",
            ),
            "'t.cond_br' op operand group starting at #0 requires 1 element, but found 2",
        ),
    ];
    for (src, msg) in cases {
        assert_eq!(check(&src), [format!("3:3: error: {msg}")], "{src}");
    }
}

#[test]
fn type_constraints_report_every_value() {
    let src = func(
        "(f32, i32, i64) -> ()",
        r#"^bb0(%f: f32, %a: i32, %b: i64):
  %0 = "t.addi"(%f, %f) : (f32, f32) -> f32
  %1 = "t.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32
  "t.atleast"(%a, %a, %b) : (i32, i32, i64) -> ()
  "t.return"() : () -> ()"#,
    );
    assert_eq!(
        check(&src),
        [
            "3:8: error: 't.addi' op operand #0 must be signless-integer-like, but got 'f32'",
            "3:8: error: 't.addi' op operand #1 must be signless-integer-like, but got 'f32'",
            "3:8: error: 't.addi' op result #0 must be signless-integer-like, but got 'f32'",
            "4:8: error: 't.cmpi' op result #0 must be 1-bit signless integer, but got 'i32'",
            "5:3: error: 't.atleast' op operand #1 must be variadic of index, but got 'i32'",
            "5:3: error: 't.atleast' op operand #2 must be variadic of index, but got 'i64'",
        ]
    );
}

#[test]
fn attribute_constraints() {
    let src = func(
        "(i32) -> ()",
        r#"^bb0(%a: i32):
  %0 = "t.cmpi"(%a, %a) : (i32, i32) -> i1
  %1 = "t.cmpi"(%a, %a) <{predicate = "eq"}> : (i32, i32) -> i1
  "t.return"() : () -> ()"#,
    );
    assert_eq!(
        check(&src),
        [
            "3:8: error: 't.cmpi' op requires attribute 'predicate'",
            "4:8: error: 't.cmpi' op attribute 'predicate' failed to satisfy constraint: integer attribute",
        ]
    );
}

#[test]
fn same_type_traits() {
    let src = func(
        "(i32, i64, tensor<?xi32>, tensor<4xi32>, tensor<5xi32>) -> ()",
        r#"^bb0(%a: i32, %b: i64, %d: tensor<?xi32>, %s: tensor<4xi32>, %t: tensor<5xi32>):
  %0 = "t.addi"(%a, %b) : (i32, i64) -> i32
  %1 = "t.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1
  %2 = "t.same"(%d, %s) : (tensor<?xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = "t.same"(%s, %t) : (tensor<4xi32>, tensor<5xi32>) -> tensor<4xi32>
  "t.same"(%a) : (i32) -> ()
  %4 = "t.same"() : () -> i32
  "t.return"() : () -> ()"#,
    );
    assert_eq!(
        check(&src),
        [
            "3:8: error: 't.addi' op requires the same type for all operands and results",
            "4:8: error: 't.cmpi' op requires all operands to have the same type",
            "6:8: error: 't.same' op requires the same type for all operands and results",
            "7:3: error: 't.same' op expected 1 or more results",
            "8:8: error: 't.same' op expected 1 or more operands, but found 0",
        ]
    );
}

#[test]
fn successor_operands_match_block_arguments() {
    let src = func(
        "(i1, i32, i64) -> ()",
        r#"^bb0(%c: i1, %a: i32, %b: i64):
  "t.cond_br"(%c, %a, %b)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i64) -> ()
^bb1(%x: i32):
  "t.br"(%x)[^bb3] : (i32) -> ()
^bb2(%y: i32):
  "t.br"()[^bb1] : () -> ()
^bb3:
  "t.return"() : () -> ()"#,
    );
    assert_eq!(
        check(&src),
        [
            "3:3: error: type mismatch for bb argument #0 of successor #1",
            "5:3: error: branch has 1 operands for successor #0, but target block has 0",
            "7:3: error: branch has 0 operands for successor #0, but target block has 1",
        ]
    );
}

#[test]
fn symbols_and_symbol_tables() {
    let src = r#""t.func"() <{sym_name = "f", function_type = () -> ()}> ({}) : () -> ()
"t.sym"() : () -> ()
"t.sym"() {sym_name = "s", sym_visibility = "bad"} : () -> ()
"t.sym"() {sym_name = 7 : i32, sym_visibility = 1 : i64} : () -> ()
"t.func"() <{sym_name = "f", function_type = () -> ()}> ({}) : () -> ()
"t.table"() ({
  "t.yield"() : () -> ()
^bb1:
  "t.yield"() : () -> ()
}) : () -> ()
"#;
    assert_eq!(
        check(src),
        [
            "5:1: error: redefinition of symbol named 'f'",
            "1:1: note: see existing symbol definition here",
            "2:1: error: 't.sym' op requires string attribute 'sym_name'",
            "3:1: error: 't.sym' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"bad\"",
            "4:1: error: 't.sym' op requires string attribute 'sym_name'",
            "4:1: error: 't.sym' op requires visibility attribute 'sym_visibility' to be a string attribute, but got 1 : i64",
            "6:1: error: 't.table' op Operations with a 'SymbolTable' must have exactly one block",
        ]
    );
}

#[test]
fn isolated_ops_do_not_capture() {
    // The parser refuses names from outside an isolated op, so rewire an
    // operand of @g to an argument of @f.
    let src = r#""t.func"() <{sym_name = "f", function_type = (i32) -> ()}> ({
^bb0(%a: i32):
  "t.return"() : () -> ()
}) : () -> ()
"t.func"() <{sym_name = "g", function_type = (i32) -> ()}> ({
^bb0(%b: i32):
  "t.if"(%c) ({
    "t.use"(%b) : (i32) -> ()
    "t.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  %c = "t.def"() : () -> i1
  "t.return"() : () -> ()
}) : () -> ()
"#;
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let top = ctx.region_blocks(ctx.region(m, 0))[0];
    let f = ctx.first_op(top).unwrap();
    let g = ctx.last_op(top).unwrap();
    let a = ctx.block_args(ctx_block(&ctx, f, 0, 0))[0];
    let if_op = ctx.first_op(ctx_block(&ctx, g, 0, 0)).unwrap();
    let user = ctx.first_op(ctx_block(&ctx, if_op, 0, 0)).unwrap();
    Rewriter::new(&mut ctx).set_operand(user, 0, a);
    // The capture is reported once: dominance is not checked below a failed
    // isolation check (not even the if's operand, defined after it).
    assert_eq!(
        check_ctx(&ctx, m),
        [
            "8:5: error: 't.use' op using value defined outside the region",
            "5:1: note: required by region isolation constraints",
        ]
    );
}

// ----- layers 3 and 4: hooks -----

#[test]
fn custom_verifiers_run_after_constraints() {
    let src = func(
        "() -> i32",
        r#"  %0 = "t.const"() <{value = 1 : i64}> : () -> i32
  %1 = "t.const"() <{value = "x"}> : () -> i32
  "t.return"() : () -> ()"#,
    );
    assert_eq!(
        check(&src),
        [
            "2:8: error: 't.const' op value type does not match result type",
            // Layer 2 failed: the hook, which relies on it, did not run.
            "3:8: error: 't.const' op attribute 'value' failed to satisfy constraint: integer attribute",
            "4:3: error: 't.return' op has 0 operands, but enclosing function returns 1",
        ]
    );
}

#[test]
fn region_verifiers_run_post_order_on_verified_children() {
    let src = func(
        "(i32) -> ()",
        "^bb0(%a: i32, %b: i32):\n  \"t.return\"() : () -> ()\n^bb1(%c: i32):\n  \"t.return\"() : () -> ()",
    );
    assert_eq!(
        check(&src),
        ["1:1: error: 't.func' op entry block must have 1 arguments to match function signature"]
    );
    let src = func("() -> ()", "  \"t.return\"() : () -> ()");
    assert!(check(&src).is_empty());
    // With a failing child, the region verifier does not run.
    let src = "\"t.checked\"() ({\n  %0 = \"t.addi\"() : () -> i32\n}) : () -> ()\n\"t.checked\"() ({\n}) : () -> ()\n";
    assert_eq!(
        check(src),
        [
            "2:8: error: 't.addi' op expected 2 operands, but found 0",
            "4:1: error: 't.checked' op region verifier ran"
        ]
    );
}

// ----- layer 5: dominance -----

#[test]
fn uses_must_be_dominated() {
    let src = func(
        "(i1, i32) -> ()",
        r#"^bb0(%c: i1, %a: i32):
  %0 = "t.addi"(%1, %a) : (i32, i32) -> i32
  %1 = "t.addi"(%a, %a) : (i32, i32) -> i32
  "t.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  %2 = "t.addi"(%a, %a) : (i32, i32) -> i32
  "t.br"()[^bb3] : () -> ()
^bb2:
  "t.use"(%2, %x) : (i32, i32) -> ()
  "t.br"()[^bb3] : () -> ()
^bb3:
  "t.if"(%c) ({
    "t.use"(%late) : (i32) -> ()
    "t.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  %late = "t.def"() : () -> i32
  %r = "t.if"(%c) ({
    "t.use"(%r) : (i32) -> ()
    "t.yield"(%a) : (i32) -> ()
  }, {
    "t.yield"(%a) : (i32) -> ()
  }) : (i1) -> i32
  "t.br"(%a)[^bb4] : (i32) -> ()
^bb4(%x: i32):
  "t.return"() : () -> ()"#,
    );
    assert_eq!(
        check(&src),
        [
            "3:8: error: operand #0 does not dominate this use",
            "4:8: note: operand defined here (op in the same block)",
            "10:3: error: operand #0 does not dominate this use",
            "7:8: note: operand defined here (op in the same region)",
            "10:3: error: operand #1 does not dominate this use",
            "1:1: note: operand defined as a block argument (block #4 in the same region)",
            "14:5: error: operand #0 does not dominate this use",
            "18:11: note: operand defined here (op in a parent region)",
            "20:5: error: operand #0 does not dominate this use",
            "19:8: note: operand defined here (op in a parent region)",
        ]
    );
}

#[test]
fn uses_in_child_and_sibling_regions() {
    let src = func(
        "(i1) -> ()",
        r#"^bb0(%c: i1):
  "t.if"(%c) ({
    %in = "t.def"() : () -> i32
    "t.yield"() : () -> ()
  }, {
    ^bb0(%e: i32):
    "t.use"() : () -> ()
    "t.yield"() : () -> ()
  }) : (i1) -> ()
  "t.use"() : () -> ()
  "t.return"() : () -> ()"#,
    );
    let mut ctx = context();
    let m = parse(&mut ctx, &src);
    let f = ctx
        .first_op(ctx.region_blocks(ctx.region(m, 0))[0])
        .unwrap();
    let if_op = ctx.first_op(ctx_block(&ctx, f, 0, 0)).unwrap();
    let inner_def = ctx.first_op(ctx_block(&ctx, if_op, 0, 0)).unwrap();
    let inner = ctx.result(inner_def, 0);
    let else_arg = ctx.block_args(ctx_block(&ctx, if_op, 1, 0))[0];
    let sibling_use = ctx.first_op(ctx_block(&ctx, if_op, 1, 0)).unwrap();
    let outer_use = ctx.next_op(if_op).unwrap();
    let mut rw = Rewriter::new(&mut ctx);
    rw.set_operands(outer_use, &[inner, else_arg]);
    rw.set_operands(sibling_use, &[inner]);
    assert_eq!(
        check_ctx(&ctx, m),
        [
            "8:5: error: operand #0 does not dominate this use",
            "4:11: note: operand defined here (op is neither in a parent nor in a child region)",
            "11:3: error: operand #0 does not dominate this use",
            "4:11: note: operand defined here (op in a child region)",
            "11:3: error: operand #1 does not dominate this use",
            "3:3: note: operand defined as a block argument (block #0 in a child region)",
        ]
    );
}

#[test]
fn unreachable_blocks_and_graph_regions_are_not_checked() {
    let src = func(
        "(i32) -> ()",
        r#"^bb0(%a: i32):
  "t.graph"() ({
    "t.use"(%g) : (i32) -> ()
    %g = "t.def"() : () -> i32
  }) : () -> ()
  "t.return"() : () -> ()
^bb1:
  "t.use"(%u) : (i32) -> ()
  %u = "t.def"() : () -> i32
  "t.return"() : () -> ()"#,
    );
    assert!(check(&src).is_empty());
    // Regions of unregistered ops may be graph regions: no order either.
    let mut ctx = context();
    ctx.allow_unregistered = true;
    let m = parse(
        &mut ctx,
        "\"foo.r\"() ({\n  \"t.use\"(%x) : (i32) -> ()\n  %x = \"t.def\"() : () -> i32\n}) : () -> ()\n",
    );
    assert!(check_ctx(&ctx, m).is_empty());
}

#[test]
fn dominance_is_not_checked_on_ops_that_failed() {
    let src = func(
        "(f32) -> ()",
        "^bb0(%f: f32):\n  %0 = \"t.addi\"(%1, %f) : (f32, f32) -> f32\n  %1 = \"t.def\"() : () -> f32\n  \"t.return\"() : () -> ()",
    );
    assert_eq!(
        check(&src),
        [
            "3:8: error: 't.addi' op operand #0 must be signless-integer-like, but got 'f32'",
            "3:8: error: 't.addi' op operand #1 must be signless-integer-like, but got 'f32'",
            "3:8: error: 't.addi' op result #0 must be signless-integer-like, but got 'f32'",
        ]
    );
}

// ----- robustness and presentation -----

#[test]
fn odd_shapes_never_panic() {
    let mut ctx = context();
    ctx.allow_unregistered = true;
    let inputs = [
        // A terminator with successors in a graph region.
        "\"t.graph\"() ({\n^bb0:\n  \"t.br\"()[^bb0] : () -> ()\n}) : () -> ()\n",
        // Empty regions everywhere.
        "\"t.if\"(%c) ({}, {}) : (i1) -> ()\n%c = \"t.def\"() : () -> i1\n\"t.single\"() ({}) : () -> ()\n\"t.table\"() ({}) : () -> ()\n",
        // Blocks without terminators, an op with successors in a module.
        "\"t.func\"() <{sym_name = \"f\", function_type = () -> ()}> ({\n  \"t.def\"() : () -> ()\n^bb1:\n}) : () -> ()\n",
        "\"t.graph\"() ({\n  \"t.br\"()[^bb1] : () -> ()\n^bb1:\n}) : () -> ()\n",
        "\"foo.r\"() ({\n  \"foo.x\"()[^bb1, ^bb1] : () -> ()\n^bb1:\n  \"t.return\"(%z) : (i32) -> ()\n  %z = \"t.def\"() : () -> i32\n}) : () -> ()\n",
        // Return outside a function, hooks on malformed parents.
        "\"t.return\"() : () -> ()\n\"t.func\"() ({}) : () -> ()\n\"t.func\"() <{sym_name = 1, function_type = 2}> ({\n^bb0(%x: i32):\n}) : () -> ()\n",
        // Dominance with an empty region op nested deep.
        "\"t.single\"() ({\n  \"t.single\"() ({\n    \"t.single\"() ({}) : () -> ()\n  }) : () -> ()\n}) : () -> ()\n",
    ];
    for src in inputs {
        let m = parse(&mut ctx, src);
        let _ = verify(&ctx, m);
        let _ = verify_with_options(
            &ctx,
            m,
            VerifyOptions {
                print_op_on_diagnostic: true,
            },
        );
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    // As deep as the parser goes on a test thread...
    let depth = 40;
    let mut src = String::from("%0 = \"t.def\"() : () -> i32\n");
    for _ in 0..depth {
        src.push_str("\"t.checked\"() ({\n");
    }
    src.push_str("\"t.use\"(%0) : (i32) -> ()\n");
    for _ in 0..depth {
        src.push_str("}) : () -> ()\n");
    }
    let mut ctx = context();
    let m = parse(&mut ctx, &src);
    let out = check_ctx(&ctx, m);
    assert_eq!(
        out.len(),
        1,
        "only the innermost region verifier ran: {out:?}"
    );
    // ...and far deeper, built directly.
    let mut ctx = context();
    let m = parse(&mut ctx, "%0 = \"t.def\"() : () -> i32\n");
    let top = ctx.region_blocks(ctx.region(m, 0))[0];
    let v = ctx.result(ctx.first_op(top).unwrap(), 0);
    let loc = ctx.unknown_loc();
    let mut rw = Rewriter::new(&mut ctx);
    let mut ip = InsertPoint::BlockEnd(top);
    for _ in 0..20_000 {
        let r = rw.new_region();
        let b = rw.create_block(r, &[], None);
        rw.set_insertion_point(ip);
        rw.create(OperationState::new(rw.ctx().op_name("t.graph"), loc).regions(&[r]));
        ip = InsertPoint::BlockEnd(b);
    }
    rw.set_insertion_point(ip);
    rw.build(&USE, loc, &[v], &[], &[]);
    assert_eq!(verify(&ctx, m).map_err(|d| d.len()), Ok(()));
}

#[test]
fn see_current_operation_notes_and_rendering() {
    let src = func(
        "(i32) -> ()",
        "^bb0(%a: i32):\n  %0 = \"t.addi\"(%1, %a) : (i32, i32) -> i32\n  %1 = \"t.addi\"(%a, %a) : (i32, i32) -> i32\n  \"t.return\"() : () -> ()",
    );
    let mut ctx = context();
    let m = parse(&mut ctx, &src);
    let diags = verify_with_options(
        &ctx,
        m,
        VerifyOptions {
            print_op_on_diagnostic: true,
        },
    )
    .unwrap_err();
    let mut sm = SourceMgr::default();
    sm.add(SourceFile::new(ctx.sym("v.mlir"), src.clone(), 1));
    let rendered: String = diags.iter().map(|d| sm.render(ctx.uniquer(), d)).collect();
    assert_eq!(
        rendered,
        r#"v.mlir:3:8: error: operand #0 does not dominate this use
  %0 = "t.addi"(%1, %a) : (i32, i32) -> i32
       ^
v.mlir:3:8: note: see current operation: %0 = "t.addi"(%1, %arg0) : (i32, i32) -> i32
v.mlir:4:8: note: operand defined here (op in the same block)
  %1 = "t.addi"(%a, %a) : (i32, i32) -> i32
       ^
"#
    );
    // Ops with regions are quoted on their own lines; free-standing errors
    // (not emitted by an op) get no such note.
    let src = r#""t.func"() <{sym_name = "g", function_type = () -> ()}> ({
^bb0:
  "t.br"()[^bb0] : () -> ()
}) : () -> ()
"t.func"() <{sym_name = "g", function_type = () -> ()}> ({
  "t.return"() : () -> ()
}) : () -> ()
"#;
    let m = parse(&mut ctx, src);
    let diags = verify_with_options(
        &ctx,
        m,
        VerifyOptions {
            print_op_on_diagnostic: true,
        },
    )
    .unwrap_err();
    assert_eq!(
        describe(&ctx, &diags),
        [
            // Layers run per op in pre-order: the module's symbol table
            // before its functions' regions.
            "5:1: error: redefinition of symbol named 'g'",
            "5:1: note: see current operation: \n\"t.func\"() <{function_type = () -> (), sym_name = \"g\"}> ({\n  \"t.return\"() : () -> ()\n}) : () -> ()",
            "1:1: note: see existing symbol definition here",
            "1:1: error: entry block of region may not have predecessors",
        ]
    );
}

#[test]
fn first_errors_only_as_mlir_opt_reports_them() {
    let src = r#""t.func"() <{sym_name = "f", function_type = (i32) -> ()}> ({
^bb0(%a: i32):
  %0 = "t.addi"(%a) : (i32) -> i32
  %1 = "t.addi"(%a) : (i32) -> i32
  "t.return"() : () -> ()
}) : () -> ()
"t.func"() <{sym_name = "f", function_type = (i32) -> ()}> ({
^bb0(%a: i32):
  %0 = "t.addi"(%2, %a) : (i32, i32) -> i32
  %1 = "t.addi"(%a) : (i32) -> i32
  %2 = "t.addi"(%a, %a) : (i32, i32) -> i32
  "t.return"() : () -> ()
}) : () -> ()
"t.func"() <{sym_name = "g", function_type = (i32) -> ()}> ({
^bb0(%a: i32):
  %0 = "t.addi"(%1, %a) : (i32, i32) -> i32
  %1 = "t.addi"(%2, %a) : (i32, i32) -> i32
  %2 = "t.addi"(%a, %a) : (i32, i32) -> i32
  "t.return"() : () -> ()
}) : () -> ()
"#;
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let first = |ctx: &Context, m| match verify_first_errors(ctx, m, VerifyOptions::default()) {
        Ok(()) => Vec::new(),
        Err(d) => describe(ctx, &d),
    };
    // Every function reports its first error, structure before dominance;
    // the module's duplicate symbol is not reached.
    assert_eq!(
        first(&ctx, m),
        [
            "3:8: error: 't.addi' op expected 2 operands, but found 1",
            "10:8: error: 't.addi' op expected 2 operands, but found 1",
            "16:8: error: operand #0 does not dominate this use",
            "17:8: note: operand defined here (op in the same block)",
        ]
    );
    // Without it: every error and note (2 + 2 + 3 + 4 lines).
    assert_eq!(check_ctx(&ctx, m).len(), 11);
    // With valid functions, the module's own error is reported.
    let src = r#""t.func"() <{sym_name = "f", function_type = () -> ()}> ({}) : () -> ()
"t.func"() <{sym_name = "f", function_type = () -> ()}> ({}) : () -> ()
"#;
    let m = parse(&mut ctx, src);
    assert_eq!(
        first(&ctx, m),
        [
            "2:1: error: redefinition of symbol named 'f'",
            "1:1: note: see existing symbol definition here"
        ]
    );
    // Outside functions, the first error of the module only.
    let m = parse(
        &mut ctx,
        "%0 = \"t.addi\"() : () -> i32\n\"t.def\"() ({}) : () -> ()\n",
    );
    assert_eq!(
        first(&ctx, m),
        ["1:6: error: 't.addi' op expected 2 operands, but found 0"]
    );
}
