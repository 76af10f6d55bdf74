//! A small `test` dialect for this crate's unit tests, independent of the
//! real dialects: constants with a materializer, a commutative folding add,
//! pure and effectful ops, branches (one with `operandSegmentSizes`, one
//! with an extra per-case segment list), region ops with recursive effects,
//! functions and a rewrite pattern.
//!
//! Invariant: IR is written in the generic form, parsed with `parse`, and
//! compared after printing in the generic form with `print`.

use lockstep_ir::attrs::AttrData;
use lockstep_ir::opdef::{constraints, Arity, AttrSpec, FoldValue, RegionSpec, SuccessorSpec, ValueSpec};
use lockstep_ir::{parse_source, print_op, Context, Dialect, OpDef, OpId, PrintOptions, RewritePattern, Rewriter, Traits};

const ANY_VARIADIC: &[ValueSpec] = &[ValueSpec { name: "args", constraint: &constraints::ANY, arity: Arity::Variadic }];

pub static CONST: OpDef = OpDef {
    name: "test.const",
    results: &[ValueSpec { name: "r", constraint: &constraints::ANY, arity: Arity::Single }],
    attrs: &[AttrSpec { name: "value", constraint: &constraints::ANY_ATTR, optional: false }],
    traits: Traits::PURE.union(Traits::CONSTANT_LIKE),
    fold: Some(|ctx, op, _| Some(vec![FoldValue::Attr(ctx.attr_of(op, "value")?)])),
    ..OpDef::DEFAULT
};

pub static ADD: OpDef = OpDef {
    name: "test.add",
    operands: &[
        ValueSpec { name: "lhs", constraint: &constraints::ANY, arity: Arity::Single },
        ValueSpec { name: "rhs", constraint: &constraints::ANY, arity: Arity::Single },
    ],
    results: &[ValueSpec { name: "r", constraint: &constraints::ANY, arity: Arity::Single }],
    traits: Traits::PURE.union(Traits::COMMUTATIVE),
    fold: Some(|ctx, op, c| match (c[0].map(|a| ctx.attr_data(a).clone()), c[1].map(|a| ctx.attr_data(a).clone())) {
        (Some(AttrData::Integer { value: a, ty }), Some(AttrData::Integer { value: b, .. })) => {
            Some(vec![FoldValue::Attr(ctx.int_attr(a.wrapping_add(b), ty))])
        }
        (_, Some(AttrData::Integer { value: 0, .. })) => Some(vec![FoldValue::Value(ctx.operand(op, 0))]),
        _ => None,
    }),
    ..OpDef::DEFAULT
};

/// `test.neg(test.neg(x))` folds to `x` through a pattern, not a folder.
pub static NEG: OpDef = OpDef {
    name: "test.neg",
    operands: &[ValueSpec { name: "x", constraint: &constraints::ANY, arity: Arity::Single }],
    results: &[ValueSpec { name: "r", constraint: &constraints::ANY, arity: Arity::Single }],
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

pub static EFFECT: OpDef =
    OpDef { name: "test.effect", operands: ANY_VARIADIC, results: ANY_VARIADIC, ..OpDef::DEFAULT };

pub static RET: OpDef = OpDef {
    name: "test.ret",
    operands: ANY_VARIADIC,
    traits: Traits::PURE.union(Traits::TERMINATOR).union(Traits::RETURN_LIKE),
    ..OpDef::DEFAULT
};

pub static YIELD: OpDef = OpDef {
    name: "test.yield",
    operands: ANY_VARIADIC,
    traits: Traits::PURE.union(Traits::TERMINATOR).union(Traits::RETURN_LIKE),
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
        ValueSpec { name: "cond", constraint: &constraints::ANY, arity: Arity::Single },
        ValueSpec { name: "t", constraint: &constraints::ANY, arity: Arity::Variadic },
        ValueSpec { name: "f", constraint: &constraints::ANY, arity: Arity::Variadic },
    ],
    successors: SuccessorSpec::Exact(2),
    traits: Traits::PURE.union(Traits::TERMINATOR).union(Traits::ATTR_SIZED_OPERAND_SEGMENTS),
    successor_operands: Some(|ctx, op, i| {
        let s = segments(ctx, op, "operandSegmentSizes");
        if s.len() != 3 {
            return 0..0;
        }
        if i == 0 { 1..1 + s[1] } else { 1 + s[1]..1 + s[1] + s[2] }
    }),
    ..OpDef::DEFAULT
};

/// Successor 0 takes the `default` group; successor `k >= 1` takes the
/// `k-1`-th slice of the `cases` group per `case_operand_segments`.
pub static SWITCH: OpDef = OpDef {
    name: "test.switch",
    operands: &[
        ValueSpec { name: "flag", constraint: &constraints::ANY, arity: Arity::Single },
        ValueSpec { name: "default", constraint: &constraints::ANY, arity: Arity::Variadic },
        ValueSpec { name: "cases", constraint: &constraints::ANY, arity: Arity::Variadic },
    ],
    attrs: &[AttrSpec { name: "case_operand_segments", constraint: &constraints::ANY_ATTR, optional: false }],
    successors: SuccessorSpec::Variadic,
    traits: Traits::PURE.union(Traits::TERMINATOR).union(Traits::ATTR_SIZED_OPERAND_SEGMENTS),
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

/// One single-block region; effects are those of its body.
pub static EXEC: OpDef = OpDef {
    name: "test.exec",
    results: ANY_VARIADIC,
    regions: &[RegionSpec { name: "body", single_block: true }],
    traits: Traits::RECURSIVE_MEMORY_EFFECTS,
    ..OpDef::DEFAULT
};

pub static FUNC: OpDef = OpDef {
    name: "test.func",
    attrs: &[
        AttrSpec { name: "sym_name", constraint: &constraints::SYMBOL_NAME, optional: false },
        AttrSpec { name: "sym_visibility", constraint: &constraints::STRING, optional: true },
    ],
    regions: &[RegionSpec { name: "body", single_block: false }],
    traits: Traits::SYMBOL.union(Traits::ISOLATED_FROM_ABOVE),
    ..OpDef::DEFAULT
};

pub static TEST: Dialect = Dialect {
    name: "test",
    summary: "unit-test ops",
    ops: &[&CONST, &ADD, &NEG, &PURE_OP, &EFFECT, &RET, &YIELD, &BR, &COND_BR, &SWITCH, &EXEC, &FUNC],
    materialize_constant: Some(|rw, value, ty, loc| Some(rw.build(&CONST, loc, &[], &[ty], &[("value", value)]))),
};

/// Parses generic-form test IR into a fresh context.
pub fn parse(src: &str) -> (Context, OpId) {
    let mut ctx = Context::new();
    ctx.register_dialect(&TEST);
    let m = parse_source(&mut ctx, "t.mlir", src, 1).unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, m)
}

/// Prints in the generic form.
pub fn print(ctx: &Context, op: OpId) -> String {
    print_op(ctx, op, PrintOptions { generic: true, ..Default::default() })
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

/// The names of the ops under `root` (exclusive) in pre-order.
pub fn op_names(ctx: &Context, root: OpId) -> Vec<String> {
    let mut v = Vec::new();
    ctx.walk_pre(root, &mut |o| v.push(ctx.name_of(o).to_string()));
    v.remove(0);
    v
}
