//! Builtin types. Types are interned in the [`Uniquer`](crate::uniquer::Uniquer):
//! two `TypeId`s are equal iff the types are structurally equal.
//!
//! Dialect types a lockstep dialect does not model structurally are kept as
//! `Opaque { dialect, body }`, which prints back exactly as `!dialect.body`.
//! A dialect that registered a type parser
//! ([`Context::register_type_parser`](crate::Context::register_type_parser))
//! has its bodies checked when parsed and interned in its canonical spelling.

use crate::uniquer::Sym;

crate::entity::entity!(
    /// An interned type.
    TypeId,
    "t"
);

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
}

impl FloatKind {
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
        }
    }
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
        }
    }
}

/// A dimension of a shaped type; `None` is dynamic (`?`).
pub type Dim = Option<u64>;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeData {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    None,
    Function {
        inputs: Box<[TypeId]>,
        results: Box<[TypeId]>,
    },
    Tuple(Box<[TypeId]>),
    Vector {
        shape: Box<[u64]>,
        elem: TypeId,
    },
    Tensor {
        shape: Box<[Dim]>,
        elem: TypeId,
    },
    /// `!dialect.body` where `body` is the verbatim text after the dot.
    Opaque {
        dialect: Sym,
        body: Sym,
    },
}

impl TypeData {
    pub fn is_integer(&self) -> bool {
        matches!(self, TypeData::Integer { .. })
    }
    pub fn is_signless_integer(&self) -> bool {
        matches!(
            self,
            TypeData::Integer {
                signedness: Signedness::Signless,
                ..
            }
        )
    }
    pub fn is_index(&self) -> bool {
        matches!(self, TypeData::Index)
    }
    pub fn is_float(&self) -> bool {
        matches!(self, TypeData::Float(_))
    }
    pub fn int_width(&self) -> Option<u32> {
        match self {
            TypeData::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }
}
