//! The `scf` dialect of upstream MLIR: structured control flow with
//! `scf.if`, `scf.for`, `scf.while`, `scf.condition` and `scf.yield`, with
//! MLIR's assembly formats (implicit terminators included), verifiers,
//! messages and canonicalization patterns.
//!
//! Invariants:
//! - `scf.if` always has two regions; the else region is empty when absent.
//!   Each non-empty region is one block ending in `scf.yield`, whose operands
//!   become the op's results. The parser inserts the `scf.yield` a region
//!   omits (with the op's location), and the printer elides it when it
//!   carries nothing, as mlir-opt does.
//! - `scf.for` has operands `(lb, ub, step, init...)` and one single-block
//!   region whose arguments are `(iv, iter_args...)`; its results match its
//!   iter_args one for one.
//! - `scf.while` has a `before` region ending in `scf.condition` and an
//!   `after` region ending in `scf.yield`; its operands feed the before
//!   region's arguments.
//! - Accessors, verifiers and patterns never panic on malformed ops; they
//!   answer "nothing" and leave complaints to the verifiers.

mod canon_for;
mod canon_if;
mod canon_region;
mod canon_while;
mod canonicalize;
mod format;
mod ops;
mod verify;

pub use canonicalize::constant_int;
pub use ops::{
    ForOp, IfOp, WhileOp, build_condition, build_for, build_if, build_while, build_yield,
    ensure_terminator,
};

use lockstep_ir::opdef::{Arity, AttrConstraint, AttrSpec, RegionSpec, ValueSpec, constraints};
use lockstep_ir::{AttrData, Dialect, OpDef, Traits};

/// MLIR's `UnitAttr`.
pub static UNIT_ATTR: AttrConstraint = AttrConstraint {
    description: "unit attribute",
    check: |c, a| matches!(c.attr_data(a), AttrData::Unit),
};

/// Traits shared by the region-holding ops: their effects are those of their
/// bodies, and each region has at most one block.
const STRUCTURED: Traits = Traits::RECURSIVE_MEMORY_EFFECTS.union(Traits::SINGLE_BLOCK);

pub static IF: OpDef = OpDef {
    name: "scf.if",
    summary: "if-then-else operation",
    operands: &[ValueSpec {
        name: "condition",
        constraint: &constraints::BOOL,
        arity: Arity::Single,
    }],
    results: &[ValueSpec {
        name: "results",
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }],
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
    traits: STRUCTURED,
    verify: Some(verify::verify_if),
    verify_regions: Some(verify::verify_if_regions),
    format: Some(format::IF_FORMAT),
    canonicalize: canonicalize::IF_PATTERNS,
    ..OpDef::DEFAULT
};

pub static FOR: OpDef = OpDef {
    name: "scf.for",
    summary: "for operation",
    operands: &[
        ValueSpec {
            name: "lowerBound",
            constraint: &constraints::SIGNLESS_INT_OR_INDEX,
            arity: Arity::Single,
        },
        ValueSpec {
            name: "upperBound",
            constraint: &constraints::SIGNLESS_INT_OR_INDEX,
            arity: Arity::Single,
        },
        ValueSpec {
            name: "step",
            constraint: &constraints::SIGNLESS_INT_OR_INDEX,
            arity: Arity::Single,
        },
        ValueSpec {
            name: "initArgs",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
    ],
    results: &[ValueSpec {
        name: "results",
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }],
    attrs: &[AttrSpec {
        name: "unsignedCmp",
        constraint: &UNIT_ATTR,
        optional: true,
    }],
    regions: &[RegionSpec {
        name: "region",
        single_block: true,
    }],
    traits: STRUCTURED,
    verify: Some(verify::verify_for),
    verify_regions: Some(verify::verify_for_regions),
    format: Some(format::FOR_FORMAT),
    canonicalize: canonicalize::FOR_PATTERNS,
    ..OpDef::DEFAULT
};

pub static WHILE: OpDef = OpDef {
    name: "scf.while",
    summary: "a generic 'while' loop",
    operands: &[ValueSpec {
        name: "inits",
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }],
    results: &[ValueSpec {
        name: "results",
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }],
    regions: &[
        RegionSpec {
            name: "before",
            single_block: true,
        },
        RegionSpec {
            name: "after",
            single_block: true,
        },
    ],
    traits: STRUCTURED,
    verify: Some(verify::verify_while),
    verify_regions: Some(verify::verify_while_regions),
    format: Some(format::WHILE_FORMAT),
    canonicalize: canonicalize::WHILE_PATTERNS,
    ..OpDef::DEFAULT
};

pub static CONDITION: OpDef = OpDef {
    name: "scf.condition",
    summary: "loop continuation condition",
    operands: &[
        ValueSpec {
            name: "condition",
            constraint: &constraints::BOOL,
            arity: Arity::Single,
        },
        ValueSpec {
            name: "args",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
    ],
    traits: Traits::PURE.union(Traits::TERMINATOR),
    verify: Some(verify::verify_condition),
    format: Some(format::CONDITION_FORMAT),
    ..OpDef::DEFAULT
};

pub static YIELD: OpDef = OpDef {
    name: "scf.yield",
    summary: "loop yield and termination operation",
    operands: &[ValueSpec {
        name: "results",
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }],
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::RETURN_LIKE),
    verify: Some(verify::verify_yield),
    format: Some(format::YIELD_FORMAT),
    ..OpDef::DEFAULT
};

pub static SCF: Dialect = Dialect {
    name: "scf",
    summary: "Structured control flow: conditionals and loops with regions",
    ops: &[&IF, &FOR, &WHILE, &CONDITION, &YIELD],
    materialize_constant: None,
    allows_unknown_ops: false,
};
