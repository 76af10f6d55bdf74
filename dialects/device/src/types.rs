//! The `!device.ptr<SPACE>` type and the dialect's enum-like attributes.
//!
//! Invariants:
//! - A device pointer type is `TypeData::Opaque { dialect: "device", body:
//!   "ptr<SPACE>" }` with SPACE one of [`AddressSpace::ALL`]'s keywords and
//!   no whitespace; [`ptr_type`] and the parser's [`parse_type_body`] both
//!   produce exactly that body.
//! - Each enum's keyword table is the single source of its spelling in the
//!   assembly format, the string attribute and the verifier's message.

use lockstep_ir::{AttrData, AttrId, Context, OpId, TypeData, TypeId};

macro_rules! keyword_enum {
    ($(#[$m:meta])* $name:ident { $($var:ident = $kw:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
        pub enum $name { $($var),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$var),+];
            pub const KEYWORDS: &'static [&'static str] = &[$($kw),+];
            pub fn keyword(self) -> &'static str {
                match self { $($name::$var => $kw),+ }
            }
            pub fn from_keyword(k: &str) -> Option<$name> {
                match k { $($kw => Some($name::$var),)+ _ => None }
            }
            /// The value of string attribute `a`, if it is one of the keywords.
            pub fn from_attr(ctx: &Context, a: AttrId) -> Option<$name> {
                match ctx.attr_data(a) {
                    AttrData::String(s) => Self::from_keyword(ctx.str(*s)),
                    _ => None,
                }
            }
            /// The value of `op`'s string attribute `name`.
            pub fn of(ctx: &Context, op: OpId, name: &str) -> Option<$name> {
                Self::from_attr(ctx, ctx.attr_of(op, name)?)
            }
            /// The attribute storing this value.
            pub fn attr(self, ctx: &Context) -> AttrId {
                ctx.str_attr(self.keyword())
            }
        }
    };
}

keyword_enum!(
    /// A memory address space of the SIMT machine.
    AddressSpace {
        Global = "global",
        Shared = "shared",
        Local = "local",
        Const = "const",
        Param = "param",
        Generic = "generic",
    }
);

keyword_enum!(
    /// A dimension of the thread/block grid (`dimension` attribute).
    Dim { X = "x", Y = "y", Z = "z" }
);

keyword_enum!(
    /// `device.vote` modes (`mode` attribute).
    VoteMode { Any = "any", All = "all", Ballot = "ballot" }
);

keyword_enum!(
    /// `device.shuffle` modes (`mode` attribute).
    ShuffleMode { Idx = "idx", Up = "up", Down = "down", Xor = "xor" }
);

keyword_enum!(
    /// `device.atomic` read-modify-write kinds (`kind` attribute).
    AtomicKind {
        Add = "add",
        Sub = "sub",
        Min = "min",
        Max = "max",
        Umin = "umin",
        Umax = "umax",
        Exch = "exch",
        And = "and",
        Or = "or",
        Xor = "xor",
    }
);

/// The special-register ops, for analyses that classify values.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum SpecialValue {
    ThreadId(Dim),
    BlockId(Dim),
    BlockDim(Dim),
    GridDim(Dim),
    LaneId,
    WarpSize,
}

impl AddressSpace {
    /// May memory in this space be written by kernels?
    pub fn is_writable(self) -> bool {
        !matches!(self, AddressSpace::Const | AddressSpace::Param)
    }
    /// May atomics operate on this space?
    pub fn allows_atomics(self) -> bool {
        matches!(
            self,
            AddressSpace::Global | AddressSpace::Shared | AddressSpace::Generic
        )
    }
}

/// `!device.ptr<space>`.
pub fn ptr_type(ctx: &Context, space: AddressSpace) -> TypeId {
    ctx.ty(TypeData::Opaque {
        dialect: ctx.static_sym("device"),
        body: ctx.sym(&format!("ptr<{}>", space.keyword())),
    })
}

/// The address space of a `!device.ptr` type, `None` for other types.
pub fn ptr_space(ctx: &Context, ty: TypeId) -> Option<AddressSpace> {
    match ctx.type_data(ty) {
        TypeData::Opaque { dialect, body } if ctx.str(*dialect) == "device" => ctx
            .str(*body)
            .strip_prefix("ptr<")?
            .strip_suffix('>')
            .and_then(AddressSpace::from_keyword),
        _ => None,
    }
}

/// Is `ty` a device pointer (of any space)?
pub fn is_ptr(ctx: &Context, ty: TypeId) -> bool {
    ptr_space(ctx, ty).is_some()
}

/// The device dialect's type parser (see
/// [`lockstep_ir::Context::register_type_parser`]): `ptr<SPACE>`, with
/// optional whitespace inside the brackets, becomes canonical `ptr<SPACE>`.
pub fn parse_type_body(body: &str) -> Result<String, String> {
    let (mnemonic, rest) = match body.find('<') {
        Some(i) => (body[..i].trim(), Some(&body[i..])),
        None => (body.trim(), None),
    };
    if mnemonic != "ptr" {
        return Err(format!("unknown type `{mnemonic}` in dialect `device`"));
    }
    let spaces = AddressSpace::KEYWORDS.join(", ");
    let Some(inner) = rest
        .and_then(|r| r.strip_prefix('<'))
        .and_then(|r| r.strip_suffix('>'))
    else {
        return Err(format!(
            "'!device.ptr' needs an address space: !device.ptr<SPACE> with SPACE one of {spaces}"
        ));
    };
    let space = inner.trim();
    match AddressSpace::from_keyword(space) {
        Some(s) => Ok(format!("ptr<{}>", s.keyword())),
        None => Err(format!(
            "unknown address space '{space}' in '!device.ptr' (expected one of {spaces})"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_bodies() {
        assert_eq!(parse_type_body("ptr<global>").as_deref(), Ok("ptr<global>"));
        assert_eq!(
            parse_type_body("ptr< shared >").as_deref(),
            Ok("ptr<shared>")
        );
        assert!(parse_type_body("ptr<heap>").unwrap_err().contains("'heap'"));
        assert!(parse_type_body("ptr").is_err());
        assert!(parse_type_body("vec<4>").unwrap_err().contains("`vec`"));
    }

    #[test]
    fn pointer_types_roundtrip() {
        let ctx = Context::new();
        for &s in AddressSpace::ALL {
            let t = ptr_type(&ctx, s);
            assert_eq!(ptr_space(&ctx, t), Some(s));
        }
        assert_eq!(ptr_space(&ctx, ctx.common.i32), None);
    }
}
