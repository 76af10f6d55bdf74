//! Operand register classes against an instruction's types, as ptxas checks
//! them (sm_80, CUDA 13; every rule below was found by running ptxas on each
//! register class in each operand position).
//!
//! Invariants:
//! - `wants` gives, per result and source slot, what the slot accepts; a
//!   register, special register or symbol in a slot is refused exactly when
//!   `Want::accepts` (or the special/symbol rule) says so, with a message
//!   naming the register, the operand and the classes that would do.
//! - The rules never refuse what ptxas accepts, with one deliberate
//!   exception: ptxas takes a `.pred` register as an element of some vector
//!   operands (`mov.b64 %rd, {%p1, %r2}`, `ld.v2.u32 {%p1, %r2}`), which has
//!   no defined bit layout; it is refused here.
//!
//! The rules (T the instruction type, R the register's declared type):
//! - exact slots (most instructions): T `.pred` takes only `.pred`; T `.bN`
//!   any N-bit `.b/.u/.s/.f`; T `.uN`/`.sN` any N-bit `.b/.u/.s`; T `.fN`
//!   `.fN` or `.bN`. Sizes must match: ptxas does not widen here.
//! - relaxed slots (the data of `ld`/`st` and both sides of `cvt`): R may be
//!   wider than T: T `.bN` any non-predicate R of at least N bits, T
//!   `.uN`/`.sN` any `.b/.u/.s` of at least N bits, T `.fN` exactly `.fN` or
//!   a `.b` of at least N bits.
//! - address registers (`[%r]`): any `.b/.u/.s` register (ptxas accepts
//!   8- to 64-bit ones), never `.pred` or a float register.
//! - special registers (`%tid.x` ...) only as the source of `mov` and of an
//!   integer `cvt`, with their own width (`%tid`/`%ntid`/`%ctaid`/`%nctaid`
//!   also read as 16 bits, `%gridid` also as 32).

use crate::program::*;
use smallvec::SmallVec;

/// What one operand slot accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// A register compatible with this type and of its exact size.
    Exact(ScalarType),
    /// A register compatible with this type, possibly wider (ld/st/cvt data).
    Wide(ScalarType),
    /// The base register of an address.
    Addr,
}

/// The families of register types ptxas's rules distinguish.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Pred,
    Bits,
    Int,
    Float,
}

fn family(t: ScalarType) -> Family {
    use ScalarType::*;
    match t {
        Pred => Family::Pred,
        B8 | B16 | B32 | B64 | B128 => Family::Bits,
        U8 | U16 | U32 | U64 | S8 | S16 | S32 | S64 => Family::Int,
        F16 | F16x2 | BF16 | F32 | F64 => Family::Float,
    }
}

impl Want {
    /// Whether a register declared `r` may stand in this slot.
    pub fn accepts(self, r: ScalarType) -> bool {
        let rf = family(r);
        match self {
            Want::Addr => matches!(rf, Family::Bits | Family::Int),
            Want::Exact(t) => match family(t) {
                Family::Pred => rf == Family::Pred,
                Family::Bits => rf != Family::Pred && r.size() == t.size(),
                Family::Int => matches!(rf, Family::Bits | Family::Int) && r.size() == t.size(),
                Family::Float => r == t || (rf == Family::Bits && r.size() == t.size()),
            },
            Want::Wide(t) => match family(t) {
                Family::Pred => rf == Family::Pred,
                Family::Bits => rf != Family::Pred && r.size() >= t.size(),
                Family::Int => matches!(rf, Family::Bits | Family::Int) && r.size() >= t.size(),
                Family::Float => r == t || (rf == Family::Bits && r.size() >= t.size()),
            },
        }
    }

    /// The register classes this slot accepts, for messages.
    pub(crate) fn describe(self) -> String {
        let n = |t: ScalarType| t.bits();
        match self {
            Want::Addr => "an integer register (.b, .u or .s) as an address".to_string(),
            Want::Exact(t) => match family(t) {
                Family::Pred => "a .pred register".to_string(),
                Family::Bits if t.bits() == 8 => "an 8-bit register (.b8, .u8 or .s8)".to_string(),
                Family::Bits => {
                    let f = if t.bits() == 128 {
                        String::new()
                    } else {
                        format!(", .f{}", n(t))
                    };
                    format!("a {}-bit register (.b{b}, .u{b}, .s{b}{f})", n(t), b = n(t))
                }
                Family::Int => format!(
                    "a {}-bit integer register (.b{b}, .u{b} or .s{b})",
                    n(t),
                    b = n(t)
                ),
                Family::Float => format!("a .{} or .b{} register", type_name(t), n(t)),
            },
            Want::Wide(t) => match family(t) {
                Family::Pred => "a .pred register".to_string(),
                Family::Bits => format!("a register of at least {} bits (not .pred)", n(t)),
                Family::Int => format!(
                    "an integer register (.b, .u or .s) of at least {} bits",
                    n(t)
                ),
                Family::Float => format!(
                    "a .{} register or a .b register of at least {} bits",
                    type_name(t),
                    n(t)
                ),
            },
        }
    }
}

/// The PTX spelling of a type (`s32`, `pred`).
pub fn type_name(t: ScalarType) -> &'static str {
    use ScalarType::*;
    match t {
        Pred => "pred",
        B8 => "b8",
        B16 => "b16",
        B32 => "b32",
        B64 => "b64",
        B128 => "b128",
        U8 => "u8",
        U16 => "u16",
        U32 => "u32",
        U64 => "u64",
        S8 => "s8",
        S16 => "s16",
        S32 => "s32",
        S64 => "s64",
        F16 => "f16",
        F16x2 => "f16x2",
        BF16 => "bf16",
        F32 => "f32",
        F64 => "f64",
    }
}

/// The type twice as wide (`mul.wide`'s result).
fn doubled(t: ScalarType) -> ScalarType {
    use ScalarType::*;
    match t {
        U16 => U32,
        U32 => U64,
        S16 => S32,
        S32 => S64,
        B16 => B32,
        B32 => B64,
        other => other,
    }
}

/// What the result slots (`dst[0]`, `dst[1]`) and each source slot accept;
/// `None` where nothing is checked (immediates, labels, call parameters).
pub fn wants(inst: &Inst) -> ([Option<Want>; 2], SmallVec<[Option<Want>; 4]>) {
    use Opcode::*;
    use ScalarType::{Pred, U32};
    let t = inst.ty;
    let x = Some(Want::Exact(t));
    let u32 = Some(Want::Exact(U32));
    let pred = Some(Want::Exact(Pred));
    let n = inst.src.len();
    let all = |w: Option<Want>| -> SmallVec<[Option<Want>; 4]> { (0..n).map(|_| w).collect() };
    let with = |mut v: SmallVec<[Option<Want>; 4]>, slot: usize, w: Option<Want>| {
        if let Some(s) = v.get_mut(slot) {
            *s = w;
        }
        v
    };
    let wide_mode = inst.mods.mul == Some(MulMode::Wide);
    match inst.op {
        Mov | Cvta | Add | Sub | Min | Max | Div | Rem | Abs | Neg | Copysign | Rcp | Sqrt
        | Rsqrt | Sin | Cos | Lg2 | Ex2 | Tanh | And | Or | Xor | Not | Cnot | Brev | Sad
        | Mul24 | Mad24 | Fma | Lop3 | Prmt => ([x, None], all(x)),
        // 32-bit operands whatever the signedness of each.
        Dp4a | Dp2a => ([u32, None], all(u32)),
        Mul | Mad if wide_mode => {
            let d = Some(Want::Exact(doubled(t)));
            ([d, None], with(all(x), 2, d))
        }
        Mul | Mad => ([x, None], all(x)),
        Ld | Ldu => ([Some(Want::Wide(t)), None], all(Some(Want::Addr))),
        St => (
            [None, None],
            with(all(Some(Want::Wide(t))), 0, Some(Want::Addr)),
        ),
        Prefetch => ([None, None], all(Some(Want::Addr))),
        Cvt => (
            [Some(Want::Wide(t)), None],
            all(Some(Want::Wide(inst.ty2.unwrap_or(t)))),
        ),
        Shl | Shr => ([x, None], with(all(x), 1, u32)),
        Shf => ([x, None], with(all(x), 2, u32)),
        Popc | Clz | Bfind => ([u32, None], all(x)),
        Bfe => ([x, None], with(with(all(x), 1, u32), 2, u32)),
        Bfi => ([x, None], with(with(all(x), 2, u32), 3, u32)),
        Setp => ([pred, pred], with(all(x), 2, pred)),
        Set => (
            [x, None],
            with(all(Some(Want::Exact(inst.ty2.unwrap_or(t)))), 2, pred),
        ),
        Selp => ([x, None], with(all(x), 2, pred)),
        Slct => (
            [x, None],
            with(
                all(x),
                2,
                Some(Want::Exact(inst.ty2.unwrap_or(ScalarType::S32))),
            ),
        ),
        Atom => ([x, None], with(all(x), 0, Some(Want::Addr))),
        Red => ([None, None], with(all(x), 0, Some(Want::Addr))),
        Vote => ([x, None], with(all(u32), 0, pred)),
        // shfl.sync d|p, a, b, c, membermask: b and c are .b32 (floats too).
        Shfl => (
            [x, pred],
            with(all(Some(Want::Exact(ScalarType::B32))), 3, u32),
        ),
        Activemask => ([x, None], SmallVec::new()),
        Redux => ([x, None], with(all(x), 1, u32)),
        Bar | Barrier if inst.mods.flags.has(Flags::RED) => {
            ([x, None], with(all(u32), n.saturating_sub(1), pred))
        }
        Bar | Barrier | Nanosleep => ([None, None], all(u32)),
        Brx => ([None, None], with(all(None), 0, u32)),
        Testp => ([pred, None], all(x)),
        Bra | Call | Ret | Exit | Trap | Membar | Fence | Pmevent | Match => {
            ([None, None], all(None))
        }
    }
}

/// The width of a special register in bits, and a second width `mov`
/// also accepts (legacy 16-bit thread ids, 32-bit `%gridid`).
pub(crate) fn special_bits(s: SpecialReg) -> (u32, Option<u32>) {
    use SpecialReg::*;
    match s {
        Tid(_) | Ntid(_) | Ctaid(_) | Nctaid(_) => (32, Some(16)),
        GridId => (64, Some(32)),
        Clock64 | GlobalTimer => (64, None),
        LaneId | WarpId | NWarpId | SmId | NSmId | LaneMaskEq | LaneMaskLe | LaneMaskLt
        | LaneMaskGe | LaneMaskGt | Clock | ClockHi | DynamicSmemSize | TotalSmemSize => (32, None),
    }
}

/// Why special register `s` cannot be source `slot` of `inst`, if it cannot.
pub(crate) fn special_refusal(inst: &Inst, s: SpecialReg) -> Option<String> {
    let (bits, alt) = special_bits(s);
    let ty = match inst.op {
        Opcode::Mov => inst.ty,
        Opcode::Cvt => inst.ty2.unwrap_or(inst.ty),
        _ => return Some("only mov and an integer cvt can read a special register".into()),
    };
    // An integer cvt: ptxas refuses `cvt.rn.f32.u32 %f, %tid.x`.
    let integer = |t: ScalarType| matches!(family(t), Family::Bits | Family::Int);
    if inst.op == Opcode::Cvt && !integer(inst.ty) {
        return Some(format!(
            "only an integer cvt can read a special register, not one to .{}",
            type_name(inst.ty)
        ));
    }
    if !integer(ty) {
        return Some(format!(
            "a special register is read as an integer, not as .{}",
            type_name(ty)
        ));
    }
    let fits = match inst.op {
        Opcode::Mov => ty.bits() == bits || Some(ty.bits()) == alt,
        _ => ty.bits() <= bits,
    };
    (!fits).then(|| {
        let alt = alt.map_or(String::new(), |a| format!(" (or {a})"));
        format!("it is {bits} bits wide{alt}, not {}", ty.bits())
    })
}

/// Whether `mov` may take the address of a variable: only into an integer
/// or bit-size register type.
pub(crate) fn symbol_refusal(inst: &Inst) -> Option<String> {
    (inst.op == Opcode::Mov && !matches!(family(inst.ty), Family::Bits | Family::Int)).then(|| {
        format!(
            "the address of a variable is an integer, not .{}",
            type_name(inst.ty)
        )
    })
}

/// Where each operand of an instruction starts in the text: `dst[0]`,
/// `dst[1]` (the `|%q` of a pair), and each source slot.
pub(crate) struct Positions {
    pub dst: [usize; 2],
    pub src: SmallVec<[usize; 4]>,
}

/// Checks every register, special register and symbol operand of `inst`
/// (decoded as `text`, e.g. `add.s32`) against what its slot accepts;
/// the error is a byte position and a message.
pub(crate) fn check(
    inst: &Inst,
    text: &str,
    reg_types: &[ScalarType],
    reg_names: &[String],
    pos: &Positions,
) -> Result<(), (usize, String)> {
    let (dst_wants, src_wants) = wants(inst);
    let refuse = |at: usize, reg: u32, role: &str, want: Want| {
        let r = reg as usize;
        let (name, ty) = (&reg_names[r], reg_types[r]);
        Err((
            at,
            format!(
                "'{name}' is a .{} register, but {role} of '{text}' must be {}",
                type_name(ty),
                want.describe()
            ),
        ))
    };
    let roles = ["the result", "the second result"];
    for (i, (operand, want)) in inst.dst.iter().zip(dst_wants).enumerate() {
        let (Some(want), at) = (want, pos.dst[i]) else {
            continue;
        };
        match operand {
            Operand::Reg(r) if !sink(reg_names, *r) && !want.accepts(reg_types[*r as usize]) => {
                return refuse(at, *r, roles[i], want);
            }
            Operand::Vector(v) => check_vector(inst, text, v, reg_types, reg_names, at, roles[i])?,
            _ => {}
        }
    }
    for (slot, operand) in inst.src.iter().enumerate() {
        let want = src_wants.get(slot).copied().flatten();
        let at = pos.src.get(slot).copied().unwrap_or(0);
        let role = if want == Some(Want::Addr) {
            "the address".to_string()
        } else {
            format!("source operand {}", slot + 1)
        };
        match operand {
            Operand::Reg(r) => {
                if let Some(want) = want
                    && !want.accepts(reg_types[*r as usize])
                {
                    return refuse(at, *r, &role, want);
                }
            }
            Operand::Addr {
                base: AddrBase::Reg(r),
                ..
            } if !Want::Addr.accepts(reg_types[*r as usize]) => {
                // The register follows the '['.
                return refuse(at + 1, *r, "the address", Want::Addr);
            }
            Operand::Special(s) => {
                if let Some(why) = special_refusal(inst, *s) {
                    return Err((at, format!("special register as {role} of '{text}': {why}")));
                }
            }
            Operand::Sym(_) => {
                if let Some(why) = symbol_refusal(inst) {
                    return Err((at, format!("{role} of '{text}': {why}")));
                }
            }
            Operand::Vector(v) => check_vector(inst, text, v, reg_types, reg_names, at, &role)?,
            _ => {}
        }
    }
    Ok(())
}

/// A `_` result: a scratch register of whatever type the slot needs.
fn sink(reg_names: &[String], r: u32) -> bool {
    reg_names[r as usize] == "_"
}

/// The elements of a `{...}` operand: for `ld`/`st` each must hold the
/// instruction type (wider is fine, as for scalars), all of one size, and
/// not mix integer and float registers; for `mov` they split the type
/// evenly (`mov.b64 {%r1, %r2}`: two 32-bit registers). ptxas checks the
/// elements of a vector against each other more than against the type
/// (`st.v2.u32` takes `{%r1, %f1}`), so no per-element family rule is
/// applied beyond that.
fn check_vector(
    inst: &Inst,
    text: &str,
    elems: &[u32],
    reg_types: &[ScalarType],
    reg_names: &[String],
    at: usize,
    role: &str,
) -> Result<(), (usize, String)> {
    let named: SmallVec<[u32; 4]> = elems
        .iter()
        .copied()
        .filter(|&r| !sink(reg_names, r))
        .collect();
    let first = named.first().map(|&r| reg_types[r as usize]);
    for &r in &named {
        let ty = reg_types[r as usize];
        let name = &reg_names[r as usize];
        let mixes = first.is_some_and(|f| {
            let pair = [family(f), family(ty)];
            pair.contains(&Family::Int) && pair.contains(&Family::Float)
        });
        let bad = if ty == ScalarType::Pred {
            Some("a .pred register cannot be a vector element".to_string())
        } else if first.is_some_and(|f| f.size() != ty.size()) || mixes {
            Some(format!(
                "the elements of a vector must agree in size and kind, and .{} does not match .{}",
                type_name(ty),
                type_name(first.unwrap_or(ty))
            ))
        } else if inst.op == Opcode::Mov {
            let each = inst.ty.bits() / elems.len().max(1) as u32;
            (ty.bits() != each || each * elems.len() as u32 != inst.ty.bits()).then(|| {
                format!(
                    "{} elements of '{text}' must be {} bits each, not .{}",
                    elems.len(),
                    inst.ty.bits() as f64 / elems.len().max(1) as f64,
                    type_name(ty)
                )
            })
        } else {
            (ty.bits() < inst.ty.bits()).then(|| {
                format!(
                    "elements of '{text}' need at least {} bits, not .{}",
                    inst.ty.bits(),
                    type_name(ty)
                )
            })
        };
        if let Some(why) = bad {
            return Err((at, format!("'{name}' in {role}: {why}")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ScalarType::*;

    /// The classes ptxas accepted for `add.s32`, `add.f32`, `and.b32` and
    /// `ld.global.u8`'s result (see the module doc).
    #[test]
    fn families() {
        let all = [
            Pred, B8, U8, S8, B16, U16, S16, F16, B32, U32, S32, F32, B64, U64, S64, F64,
        ];
        let ok =
            |w: Want| -> Vec<ScalarType> { all.into_iter().filter(|&r| w.accepts(r)).collect() };
        assert_eq!(ok(Want::Exact(S32)), [B32, U32, S32]);
        assert_eq!(ok(Want::Exact(F32)), [B32, F32]);
        assert_eq!(ok(Want::Exact(B32)), [B32, U32, S32, F32]);
        assert_eq!(ok(Want::Exact(Pred)), [Pred]);
        assert_eq!(
            ok(Want::Wide(U8)),
            [B8, U8, S8, B16, U16, S16, B32, U32, S32, B64, U64, S64]
        );
        assert_eq!(ok(Want::Wide(F32)), [B32, F32, B64]);
        assert_eq!(
            ok(Want::Addr),
            [B8, U8, S8, B16, U16, S16, B32, U32, S32, B64, U64, S64]
        );
    }
}
