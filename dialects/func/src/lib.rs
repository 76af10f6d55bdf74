//! The `func` dialect of upstream MLIR: `func.func`, `func.call` and
//! `func.return`, with MLIR's names, assembly formats, verifiers and
//! diagnostic messages.
//!
//! Invariants:
//! - A `func.func` has exactly one region. It is empty for a declaration;
//!   otherwise its entry block's arguments are the function's parameters,
//!   with the types of `function_type` in order (checked by the verifier).
//! - `arg_attrs`/`res_attrs`, when present, are arrays of dictionaries with
//!   one entry per parameter/result. The parser adds them only when some
//!   entry is non-empty, exactly as MLIR does, so printing round-trips.
//! - `func.return` ends a block of a `func.func` body; `func.call` names its
//!   callee by a flat symbol reference that resolves in the nearest enclosing
//!   symbol table to a `func.func`.
//! - Inside a `func.func` body, `func` is the default dialect: `return` and
//!   `call` print (and parse) without their prefix.
//! - Nothing here panics on malformed IR: verifiers and accessors check the
//!   shape of an op before indexing into it.
//! - [`function_like`] is the one implementation of what function-like ops
//!   share (accessors, signature syntax, entry-block/return/call checks);
//!   `func.func` is its reference user and other dialects (`device`) reuse
//!   it, so `func.func`'s mlir-opt-exact output is theirs too.

pub mod format;
pub mod function_like;
mod ops;
mod verify;

// The `function_like_accessors!` macro names these through `$crate`.
#[doc(hidden)]
pub use lockstep_ir as __ir;

pub use ops::{
    CallOp, FuncOp, ReturnOp, build_call, build_func, build_func_decl, build_return, lookup_func,
};

use lockstep_ir::opdef::{Arity, AttrConstraint, AttrSpec, RegionSpec, ValueSpec, constraints};
use lockstep_ir::{AttrData, Dialect, OpDef, Traits};

/// `ArrayAttr` whose elements are all dictionaries (MLIR's `DictArrayAttr`).
pub static DICT_ARRAY_ATTR: AttrConstraint = AttrConstraint {
    description: "Array of dictionary attributes",
    check: |c, a| match c.attr_data(a) {
        AttrData::Array(elems) => elems
            .iter()
            .all(|&e| matches!(c.attr_data(e), AttrData::Dict(_))),
        _ => false,
    },
};

/// MLIR's `UnitAttr`.
pub static UNIT_ATTR: AttrConstraint = AttrConstraint {
    description: "unit attribute",
    check: |c, a| matches!(c.attr_data(a), AttrData::Unit),
};

/// The attributes of every function-like op (`func.func`, `device.kernel`,
/// `device.func`, `ptx.entry`, `ptx.func`), in MLIR's order.
pub const FUNCTION_ATTRS: &[AttrSpec] = &[
    lockstep_ir::opdef::req("sym_name", &constraints::SYMBOL_NAME),
    lockstep_ir::opdef::req("function_type", &constraints::FUNCTION_TYPE_ATTR),
    lockstep_ir::opdef::opt("sym_visibility", &constraints::STRING),
    lockstep_ir::opdef::opt("arg_attrs", &DICT_ARRAY_ATTR),
    lockstep_ir::opdef::opt("res_attrs", &DICT_ARRAY_ATTR),
];

pub static FUNC_OP: OpDef = OpDef {
    name: "func.func",
    summary: "An operation with a name containing a single SSACFG region",
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
        AttrSpec {
            name: "sym_visibility",
            constraint: &constraints::STRING,
            optional: true,
        },
        AttrSpec {
            name: "arg_attrs",
            constraint: &DICT_ARRAY_ATTR,
            optional: true,
        },
        AttrSpec {
            name: "res_attrs",
            constraint: &DICT_ARRAY_ATTR,
            optional: true,
        },
        AttrSpec {
            name: "no_inline",
            constraint: &UNIT_ATTR,
            optional: true,
        },
    ],
    regions: &[RegionSpec {
        name: "body",
        single_block: false,
    }],
    traits: Traits::SYMBOL
        .union(Traits::ISOLATED_FROM_ABOVE)
        .union(Traits::CALLABLE),
    verify: Some(verify::verify_func),
    format: Some(format::FUNC_FORMAT),
    default_dialect: Some("func"),
    ..OpDef::DEFAULT
};

pub static CALL: OpDef = OpDef {
    name: "func.call",
    summary: "call operation",
    operands: &[ValueSpec {
        name: "operands",
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }],
    results: &[ValueSpec {
        name: "results",
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }],
    attrs: &[
        AttrSpec {
            name: "callee",
            constraint: &constraints::FLAT_SYMBOL_REF,
            optional: false,
        },
        AttrSpec {
            name: "arg_attrs",
            constraint: &DICT_ARRAY_ATTR,
            optional: true,
        },
        AttrSpec {
            name: "res_attrs",
            constraint: &DICT_ARRAY_ATTR,
            optional: true,
        },
        AttrSpec {
            name: "no_inline",
            constraint: &UNIT_ATTR,
            optional: true,
        },
    ],
    // A call may do anything its callee does: no memory-effect trait.
    traits: Traits::CALL_LIKE,
    verify_symbol_uses: Some(verify::verify_call_symbol_uses),
    format: Some(format::CALL_FORMAT),
    ..OpDef::DEFAULT
};

pub static RETURN: OpDef = OpDef {
    name: "func.return",
    summary: "Function return operation",
    operands: &[ValueSpec {
        name: "operands",
        constraint: &constraints::ANY,
        arity: Arity::Variadic,
    }],
    traits: Traits::PURE
        .union(Traits::TERMINATOR)
        .union(Traits::RETURN_LIKE),
    verify: Some(verify::verify_return),
    format: Some(format::RETURN_FORMAT),
    ..OpDef::DEFAULT
};

pub static FUNC: Dialect = Dialect {
    name: "func",
    summary: "Function definitions, calls and returns",
    ops: &[&FUNC_OP, &CALL, &RETURN],
    materialize_constant: None,
    allows_unknown_ops: false,
};
