//! Builtin attributes, interned like types: equal ids iff equal attributes.
//!
//! Invariants:
//! - `Integer.value` holds the value sign-extended from its type's width, so
//!   one integer has exactly one representation (`255 : i8` is stored as -1).
//! - `Float.bits` is the IEEE bit pattern of the value as an `f64`; for
//!   narrower types the value is exactly representable in the narrower type.
//! - `Dict` entries are sorted by name string and unique.
//! - Dialect attributes not modelled structurally are `Opaque`, printed back
//!   verbatim as `#dialect.body`.

use crate::types::TypeId;
use crate::uniquer::Sym;

crate::entity::entity!(
    /// An interned attribute.
    AttrId,
    "a"
);

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrData {
    Unit,
    /// Booleans are `Integer`s of type `i1`, as in MLIR.
    Integer {
        value: i64,
        ty: TypeId,
    },
    Float {
        bits: u64,
        ty: TypeId,
    },
    String(Sym),
    Type(TypeId),
    Array(Box<[AttrId]>),
    Dict(Box<[(Sym, AttrId)]>),
    /// `@root::@nested...`
    SymbolRef {
        root: Sym,
        nested: Box<[Sym]>,
    },
    /// `array<i32: 1, 2>`
    DenseArray {
        elem: TypeId,
        values: Box<[i64]>,
    },
    /// `dense<...> : vector<..>` with one element per entry (or one for a splat).
    DenseElements {
        ty: TypeId,
        values: Box<[AttrId]>,
        splat: bool,
    },
    Opaque {
        dialect: Sym,
        body: Sym,
    },
}

impl AttrData {
    pub fn as_int(&self) -> Option<i64> {
        match self {
            AttrData::Integer { value, .. } => Some(*value),
            _ => None,
        }
    }
    pub fn as_float(&self) -> Option<f64> {
        match self {
            AttrData::Float { bits, .. } => Some(f64::from_bits(*bits)),
            _ => None,
        }
    }
}
