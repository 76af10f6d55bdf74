//! A small `test` dialect for this crate's unit tests, independent of the
//! real dialects: constants with a materializer, a commutative folding add,
//! pure and effectful ops, branches (one with `operandSegmentSizes`, one
//! with an extra per-case segment list), region ops with recursive effects,
//! functions, callables, entry points and calls known only by their traits,
//! and a rewrite pattern.
//!
//! Invariant: IR is written in the generic form, parsed with `parse`, and
//! compared after printing in the generic form with `print`.

use lockstep_ir::attrs::AttrData;
use lockstep_ir::opdef::{
    Arity, AttrSpec, FoldValue, RegionSpec, SuccessorSpec, ValueSpec, constraints,
};
use lockstep_ir::{
    Context, Dialect, OpDef, OpId, PrintOptions, RewritePattern, Rewriter, Traits, parse_source,
    print_op,
};

const ANY_VARIADIC: &[ValueSpec] = &[ValueSpec {
    name: "args",
    constraint: &constraints::ANY,
    arity: Arity::Variadic,
}];

pub static CONST: OpDef = OpDef {
    name: "test.const",
    results: &[ValueSpec {
        name: "r",
        constraint: &constraints::ANY,
        arity: Arity::Single,
    }],
    attrs: &[AttrSpec {
        name: "value",
        constraint: &constraints::ANY_ATTR,
        optional: false,
    }],
    traits: Traits::PURE.union(Traits::CONSTANT_LIKE),
    fold: Some(|ctx, op, _| Some(vec![FoldValue::Attr(ctx.attr_of(op, "value")?)])),
    ..OpDef::DEFAULT
};

pub static ADD: OpDef = OpDef {
    name: "test.add",
    operands: &[
        ValueSpec {
            name: "lhs",
            constraint: &constraints::ANY,
            arity: Arity::Single,
        },
        ValueSpec {
            name: "rhs",
            constraint: &constraints::ANY,
            arity: Arity::Single,
        },
    ],
    results: &[ValueSpec {
        name: "r",
        constraint: &constraints::ANY,
        arity: Arity::Single,
    }],
    traits: Traits::PURE.union(Traits::COMMUTATIVE),
    fold: Some(|ctx, op, c| {
        match (
            c[0].map(|a| ctx.attr_data(a).clone()),
            c[1].map(|a| ctx.attr_data(a).clone()),
        ) {
            (
                Some(AttrData::Integer { value: a, ty }),
                Some(AttrData::Integer { value: b, .. }),
            ) => Some(vec![FoldValue::Attr(ctx.int_attr(a.wrapping_add(b), ty))]),
            (_, Some(AttrData::Integer { value: 0, .. })) => {
                Some(vec![FoldValue::Value(ctx.operand(op, 0))])
            }
            _ => None,
        }
    }),
    ..OpDef::DEFAULT
};

/// `test.neg(test.neg(x))` folds to `x` through a pattern, not a folder.
pub static NEG: OpDef = OpDef {
    name: "test.neg",
    operands: &[ValueSpec {
        name: "x",
        constraint: &constraints::ANY,
        arity: Arity::Single,
    }],
    results: &[ValueSpec {
        name: "r",
        constraint: &constraints::ANY,
        arity: Arity::Single,
    }],
    traits: Traits::PURE,
    canonicalize: &[&NEG_NEG],
    ..OpDef::DEFAULT
};

struct NegNeg;
static NEG_NEG: NegNeg = NegNeg;

impl RewritePattern for NegNeg {
    fn name(&self) -> &'static str {
        "test-neg-neg"
    }
    fn root(&self) -> Option<&'static OpDef> {
        Some(&NEG)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Rewriter<'_>) -> bool {
        let inner = rw.ctx.operand(op, 0);
        match rw.ctx.defining_op(inner) {
            Some(d) if rw.ctx.isa(d, &NEG) => {
                let x = rw.ctx.operand(d, 0);
                rw.replace_op(op, &[x]);
                true
            }
            _ => false,
        }
    }
}

pub static PURE_OP: OpDef = OpDef {
    name: "test.pure",
    operands: ANY_VARIADIC,
    results: ANY_VARIADIC,
    traits: Traits::PURE,
    ..OpDef::DEFAULT
};

pub static EFFECT: OpDef = OpDef {
    name: "test.effect",
    operands: ANY_VARIADIC,
    results: ANY_VARIADIC,
    ..OpDef::DEFAULT
};

pub static RET: OpDef = OpDef {
    name: "test.ret",
    operands: ANY_VARIADIC,
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::RETURN_LIKE),
    ..OpDef::DEFAULT
};

pub static YIELD: OpDef = OpDef {
    name: "test.yield",
    operands: ANY_VARIADIC,
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::RETURN_LIKE),
    ..OpDef::DEFAULT
};

pub static BR: OpDef = OpDef {
    name: "test.br",
    operands: ANY_VARIADIC,
    successors: SuccessorSpec::Exact(1),
    traits: Traits::PURE.union(Traits::TERMINATOR),
    successor_operands: Some(|ctx, op, _| 0..ctx.operands(op).len()),
    ..OpDef::DEFAULT
};

fn segments(ctx: &Context, op: OpId, name: &str) -> Vec<usize> {
    match ctx.attr_of(op, name).map(|a| ctx.attr_data(a)) {
        Some(AttrData::DenseArray { values, .. }) => values.iter().map(|&v| v as usize).collect(),
        _ => Vec::new(),
    }
}

pub static COND_BR: OpDef = OpDef {
    name: "test.cond_br",
    operands: &[
        ValueSpec {
            name: "cond",
            constraint: &constraints::ANY,
            arity: Arity::Single,
        },
        ValueSpec {
            name: "t",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
        ValueSpec {
            name: "f",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
    ],
    successors: SuccessorSpec::Exact(2),
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::ATTR_SIZED_OPERAND_SEGMENTS),
    successor_operands: Some(|ctx, op, i| {
        let s = segments(ctx, op, "operandSegmentSizes");
        if s.len() != 3 {
            return 0..0;
        }
        if i == 0 {
            1..1 + s[1]
        } else {
            1 + s[1]..1 + s[1] + s[2]
        }
    }),
    ..OpDef::DEFAULT
};

/// Successor 0 takes the `default` group; successor `k >= 1` takes the
/// `k-1`-th slice of the `cases` group per `case_operand_segments`.
pub static SWITCH: OpDef = OpDef {
    name: "test.switch",
    operands: &[
        ValueSpec {
            name: "flag",
            constraint: &constraints::ANY,
            arity: Arity::Single,
        },
        ValueSpec {
            name: "default",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
        ValueSpec {
            name: "cases",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
    ],
    attrs: &[AttrSpec {
        name: "case_operand_segments",
        constraint: &constraints::ANY_ATTR,
        optional: false,
    }],
    successors: SuccessorSpec::Variadic,
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::ATTR_SIZED_OPERAND_SEGMENTS),
    successor_operands: Some(|ctx, op, i| {
        let s = segments(ctx, op, "operandSegmentSizes");
        let c = segments(ctx, op, "case_operand_segments");
        if s.len() != 3 {
            return 0..0;
        }
        if i == 0 {
            return 1..1 + s[1];
        }
        let start = 1 + s[1] + c.iter().take(i - 1).sum::<usize>();
        start..start + c.get(i - 1).copied().unwrap_or(0)
    }),
    ..OpDef::DEFAULT
};

/// A branch whose forwarded operands (after an extra first operand) are
/// counted by an integer attribute `fwd`: a layout the successor-operand
/// editor cannot change.
pub static ODD_BR: OpDef = OpDef {
    name: "test.odd_br",
    operands: ANY_VARIADIC,
    attrs: &[AttrSpec {
        name: "fwd",
        constraint: &constraints::INTEGER_ATTR,
        optional: false,
    }],
    successors: SuccessorSpec::Exact(1),
    traits: Traits::PURE.union(Traits::TERMINATOR),
    successor_operands: Some(|ctx, op, _| {
        let n = ctx.int_attr_of(op, "fwd").unwrap_or(0) as usize;
        1..1 + n
    }),
    ..OpDef::DEFAULT
};

/// One single-block region; effects are those of its body.
pub static EXEC: OpDef = OpDef {
    name: "test.exec",
    results: ANY_VARIADIC,
    regions: &[RegionSpec {
        name: "body",
        single_block: true,
    }],
    traits: Traits::RECURSIVE_MEMORY_EFFECTS,
    ..OpDef::DEFAULT
};

pub static FUNC: OpDef = OpDef {
    name: "test.func",
    attrs: &[
        AttrSpec {
            name: "sym_name",
            constraint: &constraints::SYMBOL_NAME,
            optional: false,
        },
        AttrSpec {
            name: "sym_visibility",
            constraint: &constraints::STRING,
            optional: true,
        },
    ],
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::SYMBOL.union(Traits::ISOLATED_FROM_ABOVE),
    ..OpDef::DEFAULT
};

const FUNCTION_ATTRS: &[AttrSpec] = &[
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
    AttrSpec {
        name: "sym_visibility",
        constraint: &constraints::STRING,
        optional: true,
    },
];

/// A callable function: known to the inliner only by its trait.
pub static CALLABLE: OpDef = OpDef {
    name: "test.callable",
    attrs: FUNCTION_ATTRS,
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::SYMBOL
        .union(Traits::ISOLATED_FROM_ABOVE)
        .union(Traits::CALLABLE),
    ..OpDef::DEFAULT
};

/// A function-like entry point that nothing calls (like a GPU kernel).
pub static ENTRY: OpDef = OpDef {
    name: "test.entry",
    attrs: FUNCTION_ATTRS,
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::SYMBOL
        .union(Traits::ISOLATED_FROM_ABOVE)
        .union(Traits::FUNCTION_LIKE),
    ..OpDef::DEFAULT
};

pub static CALL: OpDef = OpDef {
    name: "test.call",
    operands: ANY_VARIADIC,
    results: ANY_VARIADIC,
    attrs: &[AttrSpec {
        name: "callee",
        constraint: &constraints::FLAT_SYMBOL_REF,
        optional: false,
    }],
    traits: Traits::CALL_LIKE,
    ..OpDef::DEFAULT
};

pub static TEST: Dialect = Dialect {
    name: "test",
    summary: "unit-test ops",
    ops: &[
        &CONST, &ADD, &NEG, &PURE_OP, &EFFECT, &RET, &YIELD, &BR, &COND_BR, &SWITCH, &ODD_BR,
        &EXEC, &FUNC, &CALLABLE, &ENTRY, &CALL,
    ],
    materialize_constant: Some(|rw, value, ty, loc| {
        Some(rw.build(&CONST, loc, &[], &[ty], &[("value", value)]))
    }),
    allows_unknown_ops: true,
};

/// Parses generic-form test IR into a fresh context.
pub fn parse(src: &str) -> (Context, OpId) {
    let mut ctx = Context::new();
    ctx.register_dialect(&TEST);
    let m = parse_source(&mut ctx, "t.mlir", src, 1).unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, m)
}

/// Parses pretty-form IR with the real dialects (func, arith, cf, scf) and
/// the test dialect registered; unregistered ops allowed.
pub fn parse_full(src: &str) -> (Context, OpId) {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    ctx.register_dialect(&TEST);
    ctx.register_dialect(&lockstep_func::FUNC);
    ctx.register_dialect(&lockstep_arith::ARITH);
    ctx.register_dialect(&lockstep_cf::CF);
    ctx.register_dialect(&lockstep_scf::SCF);
    let m = parse_source(&mut ctx, "t.mlir", src, 1).unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, m)
}

/// Prints in the pretty form.
pub fn print_pretty(ctx: &Context, op: OpId) -> String {
    print_op(ctx, op, PrintOptions::default())
}

/// Runs a pass of this crate (by argument, with `key=value` options) on `op`.
pub fn run_pass(
    ctx: &mut Context,
    op: OpId,
    name: &str,
    opts: &[(&str, &str)],
) -> lockstep_pass::Statistics {
    let info = crate::ALL_PASSES
        .iter()
        .find(|p| p.argument == name)
        .expect("known pass");
    let po = lockstep_pass::PassOptions {
        entries: opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let mut pass = (info.create)(&po).expect("valid options");
    let mut am = lockstep_pass::AnalysisManager::default();
    let mut stats = lockstep_pass::Statistics::default();
    let mut cx = lockstep_pass::PassContext::new(ctx, &mut am, &mut stats);
    pass.run(op, &mut cx)
        .unwrap_or_else(|d| panic!("{}", d.message));
    stats
}

/// The `func.func` ops directly in `module`.
pub fn funcs(ctx: &Context, module: OpId) -> Vec<OpId> {
    let body = ctx.region_blocks(ctx.region(module, 0))[0];
    ctx.block_ops(body)
        .filter(|&o| ctx.name_of(o) == "func.func")
        .collect()
}

/// Prints in the generic form.
pub fn print(ctx: &Context, op: OpId) -> String {
    print_op(
        ctx,
        op,
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    )
}

/// The first op named `name` under `root`, in pre-order.
pub fn find(ctx: &Context, root: OpId, name: &str) -> OpId {
    let mut found = None;
    ctx.walk_pre(root, &mut |o| {
        if found.is_none() && ctx.name_of(o) == name {
            found = Some(o);
        }
    });
    found.unwrap_or_else(|| panic!("no {name}"))
}
