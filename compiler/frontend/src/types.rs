//! C types of the subset and C's conversion rules over them.
//!
//! Invariants: the sizes are those of CUDA on a 64-bit Linux host (LP64:
//! `long` and pointers are 8 bytes, plain `char` is signed); `long` and
//! `long long` are the same type here because they have the same size and
//! signedness, which is all the usual arithmetic conversions look at.
//! Pointers carry the address space inferred for them ([`Space`]).

use std::fmt;

/// Where a pointer points. `Any` only appears in the target type of a cast
/// or in `sizeof`, and means "keep the operand's space".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    Global,
    Shared,
    Local,
    Generic,
    Host,
    Any,
}

impl Space {
    pub fn describe(self) -> &'static str {
        match self {
            Space::Global => "device global",
            Space::Shared => "shared",
            Space::Local => "local",
            Space::Generic => "device generic",
            Space::Host => "host",
            Space::Any => "unknown",
        }
    }
    pub fn is_device(self) -> bool {
        !matches!(self, Space::Host | Space::Any)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum CType {
    Void,
    Bool,
    Int {
        bits: u8,
        signed: bool,
    },
    Float,
    Double,
    /// Pointee, address space, and whether the pointee is `volatile`.
    Ptr(Box<CType>, Space, bool),
    /// Element and count (`None` for `extern __shared__ T x[]`).
    Array(Box<CType>, Option<u64>),
    Dim3,
}

pub const INT: CType = CType::Int {
    bits: 32,
    signed: true,
};
pub const UINT: CType = CType::Int {
    bits: 32,
    signed: false,
};
pub const LONG: CType = CType::Int {
    bits: 64,
    signed: true,
};
pub const ULONG: CType = CType::Int {
    bits: 64,
    signed: false,
};
pub const CHAR: CType = CType::Int {
    bits: 8,
    signed: true,
};

impl CType {
    pub fn ptr(to: CType, space: Space) -> CType {
        CType::Ptr(Box::new(to), space, false)
    }
    pub fn is_integer(&self) -> bool {
        matches!(self, CType::Int { .. } | CType::Bool)
    }
    pub fn is_float(&self) -> bool {
        matches!(self, CType::Float | CType::Double)
    }
    pub fn is_arith(&self) -> bool {
        self.is_integer() || self.is_float()
    }
    pub fn is_ptr(&self) -> bool {
        matches!(self, CType::Ptr(..))
    }
    pub fn is_scalar(&self) -> bool {
        self.is_arith() || self.is_ptr()
    }
    pub fn is_unsigned(&self) -> bool {
        matches!(self, CType::Int { signed: false, .. } | CType::Bool)
    }
    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Ptr(t, ..) | CType::Array(t, _) => Some(t),
            _ => None,
        }
    }
    pub fn space(&self) -> Option<Space> {
        match self {
            CType::Ptr(_, s, _) => Some(*s),
            _ => None,
        }
    }

    /// `sizeof`, in bytes; `None` for `void` and unsized arrays.
    pub fn size(&self) -> Option<u64> {
        Some(match self {
            CType::Void => return None,
            CType::Bool => 1,
            CType::Int { bits, .. } => u64::from(*bits / 8),
            CType::Float => 4,
            CType::Double => 8,
            CType::Ptr(..) => 8,
            CType::Array(t, n) => t.size()?.checked_mul((*n)?)?,
            CType::Dim3 => 12,
        })
    }

    /// Alignment in bytes (the largest scalar inside).
    pub fn align(&self) -> u64 {
        match self {
            CType::Array(t, _) => t.align(),
            CType::Dim3 => 4,
            t => t.size().unwrap_or(1).max(1),
        }
    }

    /// C's integer promotion (bool, char and short become int).
    pub fn promoted(&self) -> CType {
        match self {
            CType::Bool => INT,
            CType::Int { bits, .. } if *bits < 32 => INT,
            t => t.clone(),
        }
    }
}

/// The usual arithmetic conversions: the common type of two arithmetic
/// operands.
pub fn usual_arith(a: &CType, b: &CType) -> CType {
    if matches!(a, CType::Double) || matches!(b, CType::Double) {
        return CType::Double;
    }
    if matches!(a, CType::Float) || matches!(b, CType::Float) {
        return CType::Float;
    }
    let (a, b) = (a.promoted(), b.promoted());
    let (
        CType::Int {
            bits: ab,
            signed: asg,
        },
        CType::Int {
            bits: bb,
            signed: bsg,
        },
    ) = (&a, &b)
    else {
        return a;
    };
    if asg == bsg {
        return CType::Int {
            bits: (*ab).max(*bb),
            signed: *asg,
        };
    }
    let (ub, sb) = if *asg { (*bb, *ab) } else { (*ab, *bb) };
    if ub >= sb {
        CType::Int {
            bits: ub,
            signed: false,
        }
    } else {
        // The signed type is wider and holds every value of the unsigned one.
        CType::Int {
            bits: sb,
            signed: true,
        }
    }
}

impl fmt::Display for CType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CType::Void => write!(f, "void"),
            CType::Bool => write!(f, "bool"),
            CType::Int { bits, signed } => {
                let base = match bits {
                    8 => "char",
                    16 => "short",
                    32 => "int",
                    _ => "long long",
                };
                if *signed {
                    write!(f, "{base}")
                } else {
                    write!(f, "unsigned {base}")
                }
            }
            CType::Float => write!(f, "float"),
            CType::Double => write!(f, "double"),
            CType::Ptr(t, _, vol) => {
                if *vol {
                    write!(f, "volatile ")?;
                }
                match t.as_ref() {
                    CType::Ptr(..) => write!(f, "{t}*"),
                    _ => write!(f, "{t} *"),
                }
            }
            CType::Array(t, Some(n)) => write!(f, "{t}[{n}]"),
            CType::Array(t, None) => write!(f, "{t}[]"),
            CType::Dim3 => write!(f, "dim3"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotions() {
        assert_eq!(CType::Bool.promoted(), INT);
        assert_eq!(CHAR.promoted(), INT);
        assert_eq!(UINT.promoted(), UINT);
        assert_eq!(CType::Float.promoted(), CType::Float);
    }

    #[test]
    fn usual_arithmetic_conversions() {
        assert_eq!(usual_arith(&INT, &UINT), UINT);
        assert_eq!(usual_arith(&UINT, &LONG), LONG);
        assert_eq!(usual_arith(&ULONG, &LONG), ULONG);
        assert_eq!(usual_arith(&CHAR, &CHAR), INT);
        assert_eq!(usual_arith(&INT, &CType::Float), CType::Float);
        assert_eq!(usual_arith(&CType::Float, &CType::Double), CType::Double);
        assert_eq!(usual_arith(&ULONG, &CType::Float), CType::Float);
    }

    #[test]
    fn sizes_and_names() {
        let arr = CType::Array(
            Box::new(CType::Array(Box::new(CType::Float), Some(4))),
            Some(8),
        );
        assert_eq!(arr.size(), Some(128));
        assert_eq!(
            CType::ptr(CType::Float, Space::Global).to_string(),
            "float *"
        );
        assert_eq!(ULONG.to_string(), "unsigned long long");
        assert_eq!(
            CType::ptr(CType::ptr(INT, Space::Host), Space::Host).to_string(),
            "int **"
        );
    }
}
