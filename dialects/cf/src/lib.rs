//! The `cf` dialect of upstream MLIR: unstructured control flow with
//! `cf.br`, `cf.cond_br`, `cf.switch` and `cf.assert`, with MLIR's assembly
//! formats, verifiers, messages and canonicalization patterns.
//!
//! Invariants:
//! - Operands forwarded to a successor are a contiguous operand range given
//!   by each op's `successor_operands` hook: all operands for `cf.br`; the
//!   `operandSegmentSizes` groups for `cf.cond_br` (condition, true operands,
//!   false operands) and `cf.switch` (flag, default operands, case operands,
//!   the latter split per case by `case_operand_segments`).
//! - `cf.switch` stores the default destination as successor 0 and case `k`
//!   as successor `k + 1`; `case_values` holds one value per case in the
//!   flag's type, and is absent when there are no cases (as MLIR parses it).
//! - Hooks never panic on malformed ops: a range that the segments do not
//!   describe is empty, and the verifiers report the malformation.

mod canonicalize;
mod format;
mod ops;
mod verify;

pub use canonicalize::{VALUE_CREATING_PATTERNS, constant_int};
pub use ops::{BrOp, CondBrOp, SwitchOp, build_assert, build_br, build_cond_br, build_switch};

use lockstep_ir::opdef::{
    Arity, AttrConstraint, AttrSpec, SuccessorSpec, TypeConstraint, ValueSpec, constraints,
};
use lockstep_ir::{AttrData, Dialect, OpDef, Traits, TypeData};

/// MLIR's `AnyInteger`: an integer of any width and signedness.
pub static ANY_INTEGER: TypeConstraint = TypeConstraint {
    description: "integer",
    check: |c, t| matches!(c.type_data(t), TypeData::Integer { .. }),
};

/// MLIR's `AnyIntElementsAttr`: dense integer elements.
pub static INT_ELEMENTS_ATTR: AttrConstraint = AttrConstraint {
    description: "integer elements attribute",
    check: |c, a| match c.attr_data(a) {
        AttrData::DenseElements { ty, .. } => match c.type_data(*ty) {
            TypeData::Vector { elem, .. } | TypeData::Tensor { elem, .. } => {
                c.type_data(*elem).is_integer()
            }
            _ => false,
        },
        _ => false,
    },
};

pub static BR: OpDef = OpDef {
    name: "cf.br",
    summary: "Branch operation",
    operands: &[ValueSpec {
        name: "destOperands",
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }],
    successors: SuccessorSpec::Exact(1),
    traits: Traits::PURE.union(Traits::TERMINATOR),
    verify: Some(verify::verify_br),
    format: Some(format::BR_FORMAT),
    canonicalize: canonicalize::BR_PATTERNS,
    successor_operands: Some(ops::br_successor_operands),
    ..OpDef::DEFAULT
};

pub static COND_BR: OpDef = OpDef {
    name: "cf.cond_br",
    summary: "Conditional branch operation",
    operands: &[
        ValueSpec {
            name: "condition",
            constraint: &constraints::BOOL,
            arity: Arity::Single,
        },
        ValueSpec {
            name: "trueDestOperands",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
        ValueSpec {
            name: "falseDestOperands",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
    ],
    attrs: &[AttrSpec {
        name: "branch_weights",
        constraint: &constraints::DENSE_I32_ARRAY,
        optional: true,
    }],
    successors: SuccessorSpec::Exact(2),
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::ATTR_SIZED_OPERAND_SEGMENTS),
    verify: Some(verify::verify_cond_br),
    format: Some(format::COND_BR_FORMAT),
    canonicalize: canonicalize::COND_BR_PATTERNS,
    successor_operands: Some(ops::cond_br_successor_operands),
    ..OpDef::DEFAULT
};

pub static SWITCH: OpDef = OpDef {
    name: "cf.switch",
    summary: "Switch operation",
    operands: &[
        ValueSpec {
            name: "flag",
            constraint: &ANY_INTEGER,
            arity: Arity::Single,
        },
        ValueSpec {
            name: "defaultOperands",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
        ValueSpec {
            name: "caseOperands",
            constraint: &constraints::ANY,
            arity: Arity::Variadic,
        },
    ],
    attrs: &[
        AttrSpec {
            name: "case_values",
            constraint: &INT_ELEMENTS_ATTR,
            optional: true,
        },
        AttrSpec {
            name: "case_operand_segments",
            constraint: &constraints::DENSE_I32_ARRAY,
            optional: false,
        },
    ],
    successors: SuccessorSpec::Variadic,
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::ATTR_SIZED_OPERAND_SEGMENTS),
    verify: Some(verify::verify_switch),
    format: Some(format::SWITCH_FORMAT),
    canonicalize: canonicalize::SWITCH_PATTERNS,
    successor_operands: Some(ops::switch_successor_operands),
    ..OpDef::DEFAULT
};

pub static ASSERT: OpDef = OpDef {
    name: "cf.assert",
    summary: "Assert operation with message attribute",
    operands: &[ValueSpec {
        name: "arg",
        constraint: &constraints::BOOL,
        arity: Arity::Single,
    }],
    attrs: &[AttrSpec {
        name: "msg",
        constraint: &constraints::STRING,
        optional: false,
    }],
    // Aborting is an effect: no memory-effect trait, so it is never dropped
    // as dead.
    traits: Traits::NONE,
    format: Some(format::ASSERT_FORMAT),
    canonicalize: canonicalize::ASSERT_PATTERNS,
    ..OpDef::DEFAULT
};

pub static CF: Dialect = Dialect {
    name: "cf",
    summary: "Unstructured control flow: branches, switches and assertions",
    ops: &[&BR, &COND_BR, &SWITCH, &ASSERT],
    materialize_constant: None,
    allows_unknown_ops: false,
};
