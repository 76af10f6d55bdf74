//! The `builtin` dialect: `builtin.module`, the top-level container.
//!
//! A module has one single-block region without terminator holding a symbol
//! table, and is printed as `module { ... }` (optionally `module @name`).

use crate::opdef::{AttrSpec, Dialect, OpDef, RegionSpec, Traits, constraints};

pub static MODULE: OpDef = OpDef {
    name: "builtin.module",
    summary: "A top-level container of operations",
    attrs: &[
        AttrSpec {
            name: "sym_name",
            constraint: &constraints::STRING,
            optional: true,
        },
        AttrSpec {
            name: "sym_visibility",
            constraint: &constraints::STRING,
            optional: true,
        },
    ],
    regions: &[RegionSpec {
        name: "bodyRegion",
        single_block: true,
    }],
    traits: Traits::ISOLATED_FROM_ABOVE
        .union(Traits::NO_TERMINATOR)
        .union(Traits::SINGLE_BLOCK)
        .union(Traits::SYMBOL_TABLE)
        .union(Traits::GRAPH_REGIONS),
    format: Some(crate::builtin_format::MODULE_FORMAT),
    ..OpDef::DEFAULT
};

pub static BUILTIN: Dialect = Dialect {
    name: "builtin",
    summary: "Types, attributes and the module op every context knows",
    ops: &[&MODULE],
    materialize_constant: None,
    allows_unknown_ops: false,
};
