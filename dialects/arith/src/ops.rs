//! The arith op definitions: one `static OpDef` per op.
//!
//! Invariants:
//! - Names, operand/result/attribute names and constraints, and traits are
//!   MLIR's. Inherent attributes are declared so that the generic form
//!   prints them as `<{...}>` properties.
//! - Properties MLIR gives a default (`overflowFlags` of addi, subi, muli,
//!   shli and trunci; `fastmath` of the float arithmetic ops and cmpf) are
//!   declared required and filled in by [`complete_state`] whenever an op
//!   is created, whatever creates it.
//! - Division and remainder are `NO_MEMORY_EFFECT` but not `SPECULATABLE`
//!   (division by zero is undefined behaviour); everything else is `PURE`.

use lockstep_ir::opdef::{Arity, AsmFormat, AttrSpec, OpDef, Traits, ValueSpec};
use lockstep_ir::{AttrData, Context, OpId, OperationState, ValueId};

use crate::canon;
use crate::constraints::*;
use crate::flags::FlagKind;
use crate::flags::canonicalize_flag_attr;
use crate::fold;
use crate::format;
use crate::verify;

const fn one(
    name: &'static str,
    constraint: &'static lockstep_ir::opdef::TypeConstraint,
) -> ValueSpec {
    ValueSpec {
        name,
        constraint,
        arity: Arity::Single,
    }
}

const fn required(
    name: &'static str,
    constraint: &'static lockstep_ir::opdef::AttrConstraint,
) -> AttrSpec {
    AttrSpec {
        name,
        constraint,
        optional: false,
    }
}

const fn optional(
    name: &'static str,
    constraint: &'static lockstep_ir::opdef::AttrConstraint,
) -> AttrSpec {
    AttrSpec {
        name,
        constraint,
        optional: true,
    }
}

/// What ops of one family share: operands, results, inherent attributes
/// and assembly format.
pub struct Shape {
    pub operands: &'static [ValueSpec],
    pub results: &'static [ValueSpec],
    pub attrs: &'static [AttrSpec],
    pub format: AsmFormat,
}

const INT_OPERANDS: &[ValueSpec] = &[
    one("lhs", &SIGNLESS_INT_LIKE),
    one("rhs", &SIGNLESS_INT_LIKE),
];
const INT_RESULT: &[ValueSpec] = &[one("result", &SIGNLESS_INT_LIKE)];
const FLOAT_OPERANDS: &[ValueSpec] = &[one("lhs", &FLOAT_LIKE), one("rhs", &FLOAT_LIKE)];
const FLOAT_RESULT: &[ValueSpec] = &[one("result", &FLOAT_LIKE)];
const OVERFLOW: &[AttrSpec] = &[required("overflowFlags", &OVERFLOW_FLAGS_ATTR)];
const FASTMATH: &[AttrSpec] = &[required("fastmath", &FASTMATH_ATTR)];

/// Integer binary op without flags: divisions, shifts right, bitwise, min/max.
pub const INT_BINARY: Shape = Shape {
    operands: INT_OPERANDS,
    results: INT_RESULT,
    attrs: &[],
    format: format::BINARY,
};
/// Integer binary op with `overflow<...>`: addi, subi, muli, shli.
pub const INT_BINARY_OVF: Shape = Shape {
    operands: INT_OPERANDS,
    results: INT_RESULT,
    attrs: OVERFLOW,
    format: format::BINARY,
};
/// Float binary op with `fastmath<...>`.
pub const FLOAT_BINARY: Shape = Shape {
    operands: FLOAT_OPERANDS,
    results: FLOAT_RESULT,
    attrs: FASTMATH,
    format: format::BINARY,
};
pub const FLOAT_UNARY: Shape = Shape {
    operands: &[one("operand", &FLOAT_LIKE)],
    results: FLOAT_RESULT,
    attrs: FASTMATH,
    format: format::UNARY,
};
pub const CMPI_SHAPE: Shape = Shape {
    operands: INT_OPERANDS,
    results: &[one("result", &BOOL_LIKE)],
    attrs: &[required("predicate", &CMPI_PREDICATE_ATTR)],
    format: format::CMP,
};
pub const CMPF_SHAPE: Shape = Shape {
    operands: FLOAT_OPERANDS,
    results: &[one("result", &BOOL_LIKE)],
    attrs: &[
        required("fastmath", &FASTMATH_ATTR),
        required("predicate", &CMPF_PREDICATE_ATTR),
    ],
    format: format::CMP,
};
pub const SELECT_SHAPE: Shape = Shape {
    operands: &[
        one("condition", &BOOL_LIKE),
        one("true_value", &ANY_TYPE),
        one("false_value", &ANY_TYPE),
    ],
    results: &[one("result", &ANY_TYPE)],
    attrs: &[],
    format: format::SELECT,
};
pub const CONSTANT_SHAPE: Shape = Shape {
    operands: &[],
    results: &[one("result", &ANY_TYPE)],
    attrs: &[required("value", &TYPED_ATTR)],
    format: format::CONSTANT,
};
pub const ADD_EXTENDED_SHAPE: Shape = Shape {
    operands: INT_OPERANDS,
    results: &[one("sum", &SIGNLESS_INT_LIKE), one("overflow", &BOOL_LIKE)],
    attrs: &[],
    format: format::ADD_EXTENDED,
};
pub const MUL_EXTENDED_SHAPE: Shape = Shape {
    operands: INT_OPERANDS,
    results: &[
        one("low", &SIGNLESS_INT_LIKE),
        one("high", &SIGNLESS_INT_LIKE),
    ],
    attrs: &[],
    format: format::MUL_EXTENDED,
};

const FIXED_IN: &[ValueSpec] = &[one("in", &FIXED_INT_LIKE)];
const FIXED_OUT: &[ValueSpec] = &[one("out", &FIXED_INT_LIKE)];
const FLOAT_IN: &[ValueSpec] = &[one("in", &FLOAT_LIKE)];
const FLOAT_OUT: &[ValueSpec] = &[one("out", &FLOAT_LIKE)];

pub const INT_CAST: Shape = Shape {
    operands: FIXED_IN,
    results: FIXED_OUT,
    attrs: &[],
    format: format::CAST,
};
pub const TRUNCI_SHAPE: Shape = Shape {
    operands: FIXED_IN,
    results: FIXED_OUT,
    attrs: OVERFLOW,
    format: format::CAST,
};
pub const EXTF_SHAPE: Shape = Shape {
    operands: FLOAT_IN,
    results: FLOAT_OUT,
    attrs: &[optional("fastmath", &FASTMATH_ATTR)],
    format: format::CAST,
};
pub const TRUNCF_SHAPE: Shape = Shape {
    operands: FLOAT_IN,
    results: FLOAT_OUT,
    attrs: &[
        optional("roundingmode", &ROUNDING_MODE_ATTR),
        optional("fastmath", &FASTMATH_ATTR),
    ],
    format: format::CAST,
};
pub const INT_TO_FLOAT: Shape = Shape {
    operands: FIXED_IN,
    results: FLOAT_OUT,
    attrs: &[],
    format: format::CAST,
};
pub const FLOAT_TO_INT: Shape = Shape {
    operands: FLOAT_IN,
    results: FIXED_OUT,
    attrs: &[],
    format: format::CAST,
};
pub const INDEX_CAST_SHAPE: Shape = Shape {
    operands: &[one("in", &INDEX_CAST_TYPE)],
    results: &[one("out", &INDEX_CAST_TYPE)],
    attrs: &[],
    format: format::CAST,
};
pub const BITCAST_SHAPE: Shape = Shape {
    operands: &[one("in", &BITCAST_TYPE)],
    results: &[one("out", &BITCAST_TYPE)],
    attrs: &[],
    format: format::CAST,
};

const PURE: Traits = Traits::PURE;
const SAME: Traits = Traits::PURE.union(Traits::SAME_OPERANDS_AND_RESULT_TYPE);
const SAME_COMM: Traits = SAME.union(Traits::COMMUTATIVE);
/// Division and remainder: no memory effect, but not speculatable.
const DIV: Traits = Traits::NO_MEMORY_EFFECT.union(Traits::SAME_OPERANDS_AND_RESULT_TYPE);
const CMP: Traits = Traits::PURE.union(Traits::SAME_TYPE_OPERANDS);

/// Defines one op from a [`Shape`] and its own traits, folder, and
/// optionally a verifier, canonicalization patterns and result names.
macro_rules! arith_op {
    (
        $(#[$doc:meta])* $id:ident: $name:literal, $summary:literal, $shape:expr,
        traits: $traits:expr, fold: $fold:path
        $(, verify: $verify:path)? $(, canon: $canon:expr)? $(, names: $names:path)? $(,)?
    ) => {
        $(#[$doc])*
        pub static $id: OpDef = OpDef {
            name: $name,
            summary: $summary,
            operands: $shape.operands,
            results: $shape.results,
            attrs: $shape.attrs,
            traits: $traits,
            format: Some($shape.format),
            fold: Some($fold),
            verify: arith_op!(@opt $($verify)?),
            canonicalize: arith_op!(@canon $($canon)?),
            result_names: arith_op!(@opt $($names)?),
            complete_state: Some(complete_state),
            ..OpDef::DEFAULT
        };
    };
    (@opt) => { None };
    (@opt $f:path) => { Some($f) };
    (@canon) => { &[] };
    (@canon $c:expr) => { $c };
}

// ----- integer arithmetic -----

arith_op!(ADDI: "arith.addi", "Integer addition operation", INT_BINARY_OVF,
    traits: SAME_COMM, fold: fold::fold_addi, canon: canon::ADDI_PATTERNS);
arith_op!(SUBI: "arith.subi", "Integer subtraction operation", INT_BINARY_OVF,
    traits: SAME, fold: fold::fold_subi, canon: canon::SUBI_PATTERNS);
arith_op!(MULI: "arith.muli", "Integer multiplication operation", INT_BINARY_OVF,
    traits: SAME_COMM, fold: fold::fold_muli, canon: canon::MULI_PATTERNS);
arith_op!(DIVSI: "arith.divsi", "Signed integer division operation", INT_BINARY,
    traits: DIV, fold: fold::fold_divsi);
arith_op!(DIVUI: "arith.divui", "Unsigned integer division operation", INT_BINARY,
    traits: DIV, fold: fold::fold_divui);
arith_op!(CEILDIVSI: "arith.ceildivsi", "Signed ceil integer division operation", INT_BINARY,
    traits: DIV, fold: fold::fold_ceildivsi);
arith_op!(CEILDIVUI: "arith.ceildivui", "Unsigned ceil integer division operation", INT_BINARY,
    traits: DIV, fold: fold::fold_ceildivui);
arith_op!(FLOORDIVSI: "arith.floordivsi", "Signed floor integer division operation", INT_BINARY,
    traits: DIV, fold: fold::fold_floordivsi);
arith_op!(REMSI: "arith.remsi", "Signed integer division remainder operation", INT_BINARY,
    traits: DIV, fold: fold::fold_remsi);
arith_op!(REMUI: "arith.remui", "Unsigned integer division remainder operation", INT_BINARY,
    traits: DIV, fold: fold::fold_remui);
arith_op!(SHLI: "arith.shli", "Integer left-shift", INT_BINARY_OVF,
    traits: SAME, fold: fold::fold_shli);
arith_op!(SHRSI: "arith.shrsi", "Signed integer right-shift", INT_BINARY,
    traits: SAME, fold: fold::fold_shrsi);
arith_op!(SHRUI: "arith.shrui", "Unsigned integer right-shift", INT_BINARY,
    traits: SAME, fold: fold::fold_shrui);
arith_op!(ANDI: "arith.andi", "Integer binary and", INT_BINARY,
    traits: SAME_COMM, fold: fold::fold_andi, canon: canon::ANDI_PATTERNS);
arith_op!(ORI: "arith.ori", "Integer binary or", INT_BINARY,
    traits: SAME_COMM, fold: fold::fold_ori, canon: canon::ORI_PATTERNS);
arith_op!(XORI: "arith.xori", "Integer binary xor", INT_BINARY,
    traits: SAME_COMM, fold: fold::fold_xori, canon: canon::XORI_PATTERNS);
arith_op!(MINSI: "arith.minsi", "Signed integer minimum operation", INT_BINARY,
    traits: SAME_COMM, fold: fold::fold_minsi);
arith_op!(MAXSI: "arith.maxsi", "Signed integer maximum operation", INT_BINARY,
    traits: SAME_COMM, fold: fold::fold_maxsi);
arith_op!(MINUI: "arith.minui", "Unsigned integer minimum operation", INT_BINARY,
    traits: SAME_COMM, fold: fold::fold_minui);
arith_op!(MAXUI: "arith.maxui", "Unsigned integer maximum operation", INT_BINARY,
    traits: SAME_COMM, fold: fold::fold_maxui);
arith_op!(ADDUI_EXTENDED: "arith.addui_extended", "Extended unsigned integer addition operation returning sum and overflow bit",
    ADD_EXTENDED_SHAPE, traits: Traits::PURE.union(Traits::COMMUTATIVE), fold: fold::fold_addui_extended,
    verify: verify::verify_add_extended, canon: canon::ADDUI_EXTENDED_PATTERNS, names: add_extended_names);
arith_op!(MULUI_EXTENDED: "arith.mului_extended", "Extended unsigned integer multiplication operation",
    MUL_EXTENDED_SHAPE, traits: Traits::PURE.union(Traits::COMMUTATIVE), fold: fold::fold_mului_extended,
    verify: verify::verify_mul_extended, canon: canon::MULUI_EXTENDED_PATTERNS, names: mul_extended_names);
arith_op!(MULSI_EXTENDED: "arith.mulsi_extended", "Extended signed integer multiplication operation",
    MUL_EXTENDED_SHAPE, traits: Traits::PURE.union(Traits::COMMUTATIVE), fold: fold::fold_mulsi_extended,
    verify: verify::verify_mul_extended, canon: canon::MULSI_EXTENDED_PATTERNS, names: mul_extended_names);

// ----- floating-point arithmetic -----

arith_op!(ADDF: "arith.addf", "Floating point addition operation", FLOAT_BINARY,
    traits: SAME_COMM, fold: fold::fold_addf);
arith_op!(SUBF: "arith.subf", "Floating point subtraction operation", FLOAT_BINARY,
    traits: SAME, fold: fold::fold_subf);
arith_op!(MULF: "arith.mulf", "Floating point multiplication operation", FLOAT_BINARY,
    traits: SAME_COMM, fold: fold::fold_mulf, canon: canon::MULF_PATTERNS);
arith_op!(DIVF: "arith.divf", "Floating point division operation", FLOAT_BINARY,
    traits: SAME, fold: fold::fold_divf, canon: canon::DIVF_PATTERNS);
arith_op!(REMF: "arith.remf", "Floating point division remainder operation", FLOAT_BINARY,
    traits: SAME, fold: fold::fold_remf);
arith_op!(NEGF: "arith.negf", "Floating point negation", FLOAT_UNARY,
    traits: SAME, fold: fold::fold_negf);
arith_op!(MAXIMUMF: "arith.maximumf", "Floating-point maximum operation", FLOAT_BINARY,
    traits: SAME_COMM, fold: fold::fold_maximumf);
arith_op!(MINIMUMF: "arith.minimumf", "Floating-point minimum operation", FLOAT_BINARY,
    traits: SAME_COMM, fold: fold::fold_minimumf);
arith_op!(MAXNUMF: "arith.maxnumf", "Floating-point maximum operation", FLOAT_BINARY,
    traits: SAME_COMM, fold: fold::fold_maxnumf);
arith_op!(MINNUMF: "arith.minnumf", "Floating-point minimum operation", FLOAT_BINARY,
    traits: SAME_COMM, fold: fold::fold_minnumf);

// ----- comparisons, select, constants -----

arith_op!(CMPI: "arith.cmpi", "Integer comparison operation", CMPI_SHAPE,
    traits: CMP, fold: fold::fold_cmpi, verify: verify::verify_cmp, canon: canon::CMPI_PATTERNS);
arith_op!(CMPF: "arith.cmpf", "Floating-point comparison operation", CMPF_SHAPE,
    traits: CMP, fold: fold::fold_cmpf, verify: verify::verify_cmp, canon: canon::CMPF_PATTERNS);
arith_op!(SELECT: "arith.select", "Select operation", SELECT_SHAPE,
    traits: PURE, fold: fold::fold_select, verify: verify::verify_select, canon: canon::SELECT_PATTERNS);
arith_op!(CONSTANT: "arith.constant", "Integer or floating point constant", CONSTANT_SHAPE,
    traits: Traits::PURE.union(Traits::CONSTANT_LIKE), fold: fold::fold_constant,
    verify: verify::verify_constant, names: constant_names);

// ----- casts -----

arith_op!(EXTSI: "arith.extsi", "Integer sign extension operation", INT_CAST,
    traits: PURE, fold: fold::fold_extsi, verify: verify::verify_int_ext, canon: canon::EXTSI_PATTERNS);
arith_op!(EXTUI: "arith.extui", "Integer zero extension operation", INT_CAST,
    traits: PURE, fold: fold::fold_extui, verify: verify::verify_int_ext, canon: canon::EXTUI_PATTERNS);
arith_op!(TRUNCI: "arith.trunci", "Integer truncation operation", TRUNCI_SHAPE,
    traits: PURE, fold: fold::fold_trunci, verify: verify::verify_int_trunc, canon: canon::TRUNCI_PATTERNS);
arith_op!(EXTF: "arith.extf", "Cast from floating-point to wider floating-point", EXTF_SHAPE,
    traits: PURE, fold: fold::fold_extf, verify: verify::verify_float_ext);
arith_op!(TRUNCF: "arith.truncf", "Cast from floating-point to narrower floating-point", TRUNCF_SHAPE,
    traits: PURE, fold: fold::fold_truncf, verify: verify::verify_float_trunc, canon: canon::TRUNCF_PATTERNS);
arith_op!(SITOFP: "arith.sitofp", "Cast from integer type to floating-point", INT_TO_FLOAT,
    traits: PURE, fold: fold::fold_sitofp, verify: verify::verify_int_to_float, canon: canon::SITOFP_PATTERNS);
arith_op!(UITOFP: "arith.uitofp", "Cast from unsigned integer type to floating-point", INT_TO_FLOAT,
    traits: PURE, fold: fold::fold_uitofp, verify: verify::verify_int_to_float, canon: canon::UITOFP_PATTERNS);
arith_op!(FPTOSI: "arith.fptosi", "Cast from floating-point type to integer type", FLOAT_TO_INT,
    traits: PURE, fold: fold::fold_fptosi, verify: verify::verify_float_to_int);
arith_op!(FPTOUI: "arith.fptoui", "Cast from floating-point type to integer type", FLOAT_TO_INT,
    traits: PURE, fold: fold::fold_fptoui, verify: verify::verify_float_to_int);
arith_op!(INDEX_CAST: "arith.index_cast", "Cast between index and integer types", INDEX_CAST_SHAPE,
    traits: PURE, fold: fold::fold_index_cast, verify: verify::verify_index_cast, canon: canon::INDEX_CAST_PATTERNS);
arith_op!(INDEX_CASTUI: "arith.index_castui", "Unsigned cast between index and integer types", INDEX_CAST_SHAPE,
    traits: PURE, fold: fold::fold_index_castui, verify: verify::verify_index_cast, canon: canon::INDEX_CASTUI_PATTERNS);
arith_op!(BITCAST: "arith.bitcast", "Bitcast between values of equal bit width", BITCAST_SHAPE,
    traits: PURE, fold: fold::fold_bitcast, verify: verify::verify_bitcast, canon: canon::BITCAST_PATTERNS);

/// Every arith op, in the order above.
pub static ALL_OPS: &[&OpDef] = &[
    &ADDI,
    &SUBI,
    &MULI,
    &DIVSI,
    &DIVUI,
    &CEILDIVSI,
    &CEILDIVUI,
    &FLOORDIVSI,
    &REMSI,
    &REMUI,
    &SHLI,
    &SHRSI,
    &SHRUI,
    &ANDI,
    &ORI,
    &XORI,
    &MINSI,
    &MAXSI,
    &MINUI,
    &MAXUI,
    &ADDUI_EXTENDED,
    &MULUI_EXTENDED,
    &MULSI_EXTENDED,
    &ADDF,
    &SUBF,
    &MULF,
    &DIVF,
    &REMF,
    &NEGF,
    &MAXIMUMF,
    &MINIMUMF,
    &MAXNUMF,
    &MINNUMF,
    &CMPI,
    &CMPF,
    &SELECT,
    &CONSTANT,
    &EXTSI,
    &EXTUI,
    &TRUNCI,
    &EXTF,
    &TRUNCF,
    &SITOFP,
    &UITOFP,
    &FPTOSI,
    &FPTOUI,
    &INDEX_CAST,
    &INDEX_CASTUI,
    &BITCAST,
];

/// Canonicalises the spelling of arith flag attributes (inherent or not)
/// and fills in default-valued flag properties.
pub fn complete_state(ctx: &Context, st: &mut OperationState) {
    for (_, a) in st.attrs.iter_mut() {
        *a = canonicalize_flag_attr(ctx, *a);
    }
    let Some(def) = st.name.def else { return };
    for spec in def.attrs.iter().filter(|s| !s.optional) {
        let kind = match spec.name {
            "overflowFlags" => FlagKind::Overflow,
            "fastmath" => FlagKind::FastMath,
            _ => continue,
        };
        let name = ctx.static_sym(spec.name);
        if !st.attrs.iter().any(|(k, _)| *k == name) {
            st.attrs.push((name, kind.attr(ctx, 0)));
        }
    }
}

/// `%c42_i32`, `%c-1` (index), `%true`/`%false`, `%cst` (everything else).
fn constant_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(ValueId, String)) {
    let (Some(&r), Some(v)) = (ctx.results(op).first(), ctx.attr_of(op, "value")) else {
        return;
    };
    let name = match ctx.attr_data(v) {
        AttrData::Integer { value, ty } => match ctx.type_data(*ty).int_width() {
            Some(1) => (if *value != 0 { "true" } else { "false" }).to_string(),
            Some(_) => {
                let mut name = format!("c{value}_");
                lockstep_ir::printer::write_type(ctx, *ty, &mut name);
                name
            }
            None => format!("c{value}"),
        },
        _ => "cst".to_string(),
    };
    set(r, name);
}

fn add_extended_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(ValueId, String)) {
    name_results(ctx, op, &["sum", "overflow"], set);
}

fn mul_extended_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(ValueId, String)) {
    name_results(ctx, op, &["low", "high"], set);
}

fn name_results(ctx: &Context, op: OpId, names: &[&str], set: &mut dyn FnMut(ValueId, String)) {
    for (&r, n) in ctx.results(op).iter().zip(names) {
        set(r, n.to_string());
    }
}
