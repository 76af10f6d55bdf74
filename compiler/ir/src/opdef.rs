//! Declarative op definitions and the dialect registry.
//!
//! Every op kind is described once by a `static` [`OpDef`]: its name, the
//! constraints on operands, results, attributes, regions and successors, its
//! traits, custom verifiers, assembly format and folding/canonicalization
//! hooks. Generic machinery (verifier, parser, printer, rewrite driver, passes)
//! reads these tables; nothing else special-cases an op by name.
//!
//! Invariants:
//! - A definition is identified by its address: `std::ptr::eq` on two
//!   `&'static OpDef` decides "same op kind".
//! - A dialect registered in a context owns every op whose name starts with
//!   `dialect.`; op names are unique within a registry.
//! - Dialects from other crates register exactly like lockstep's own: a DSL
//!   author defines `static` `OpDef`s and a `Dialect` and calls
//!   [`Context::register_dialect`](crate::Context::register_dialect).

use crate::attrs::{AttrData, AttrId};
use crate::context::Context;
use crate::diag::Diagnostic;
use crate::ir::{OpId, ValueId};
use crate::location::LocId;
use crate::parser::{OpAsmParser, PResult};
use crate::printer::OpAsmPrinter;
use crate::rewrite::{RewritePattern, Rewriter};
use crate::state::OperationState;
use crate::types::{TypeData, TypeId};
use rustc_hash::FxHashMap;

/// Op traits, as a bit set.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
pub struct Traits(pub u32);

impl Traits {
    pub const NONE: Traits = Traits(0);
    /// Must be the last op of its block.
    pub const TERMINATOR: Traits = Traits(1 << 0);
    /// Regions may not use values defined outside the op.
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 1);
    /// No memory effects: may be erased when unused and deduplicated.
    pub const NO_MEMORY_EFFECT: Traits = Traits(1 << 2);
    /// May be executed speculatively (no UB on any input).
    pub const SPECULATABLE: Traits = Traits(1 << 3);
    pub const PURE: Traits = Traits(Self::NO_MEMORY_EFFECT.0 | Self::SPECULATABLE.0);
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(1 << 4);
    pub const SAME_TYPE_OPERANDS: Traits = Traits(1 << 5);
    pub const COMMUTATIVE: Traits = Traits(1 << 6);
    /// Defines a symbol through its `sym_name` attribute.
    pub const SYMBOL: Traits = Traits(1 << 7);
    /// Its single region holds a symbol table.
    pub const SYMBOL_TABLE: Traits = Traits(1 << 8);
    /// Its regions' blocks need no terminator.
    pub const NO_TERMINATOR: Traits = Traits(1 << 9);
    /// Each region has at most one block.
    pub const SINGLE_BLOCK: Traits = Traits(1 << 10);
    /// Returns control to the parent op (func.return, scf.yield).
    pub const RETURN_LIKE: Traits = Traits(1 << 11);
    /// Produces a constant from its `value` attribute.
    pub const CONSTANT_LIKE: Traits = Traits(1 << 12);
    /// Operand groups are sized by the `operandSegmentSizes` attribute.
    pub const ATTR_SIZED_OPERAND_SEGMENTS: Traits = Traits(1 << 13);
    /// Memory effects are those of the nested ops.
    pub const RECURSIVE_MEMORY_EFFECTS: Traits = Traits(1 << 14);
    /// Regions are graph regions: no dominance requirement, no terminator order.
    pub const GRAPH_REGIONS: Traits = Traits(1 << 15);
    /// All results have the same type as operand 0 (used with elementwise ops).
    pub const SAME_OPERANDS_SHAPE: Traits = Traits(1 << 16);
    /// A function (MLIR's `FunctionOpInterface`): the `function_type`
    /// attribute is its signature, its first region its body (empty for a
    /// declaration, else the entry block's arguments are the parameters),
    /// and the `RETURN_LIKE` terminators of the body's blocks leave it with
    /// the results. Calls inside it may be inlined; whether it may itself be
    /// called is [`Traits::CALLABLE`].
    pub const FUNCTION_LIKE: Traits = Traits(1 << 17);
    /// A function-like op that call-like ops may call (MLIR's
    /// `CallableOpInterface`). Function-like ops without it are entered
    /// only from outside the IR (GPU kernels), so they are never inlined
    /// nor erased as unused.
    pub const CALLABLE: Traits = Traits(1 << 18 | Self::FUNCTION_LIKE.0);
    /// Calls the callable named by its `callee` attribute (a flat symbol
    /// reference, resolved in the nearest enclosing symbol table) with its
    /// operands as the arguments; its results are the callee's results
    /// (MLIR's `CallOpInterface`).
    pub const CALL_LIKE: Traits = Traits(1 << 19);

    #[inline]
    pub const fn union(self, o: Traits) -> Traits {
        Traits(self.0 | o.0)
    }
    #[inline]
    pub const fn contains(self, o: Traits) -> bool {
        self.0 & o.0 == o.0
    }
}

impl std::ops::BitOr for Traits {
    type Output = Traits;
    fn bitor(self, o: Traits) -> Traits {
        self.union(o)
    }
}

/// A named predicate on types, with the words used in verifier messages.
pub struct TypeConstraint {
    pub description: &'static str,
    pub check: fn(&Context, TypeId) -> bool,
}

/// A named predicate on attributes.
pub struct AttrConstraint {
    pub description: &'static str,
    pub check: fn(&Context, AttrId) -> bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

pub struct ValueSpec {
    pub name: &'static str,
    pub constraint: &'static TypeConstraint,
    pub arity: Arity,
}

pub struct AttrSpec {
    pub name: &'static str,
    pub constraint: &'static AttrConstraint,
    pub optional: bool,
}

/// An attribute the op must have (for `static` tables).
pub const fn req(name: &'static str, constraint: &'static AttrConstraint) -> AttrSpec {
    AttrSpec {
        name,
        constraint,
        optional: false,
    }
}

/// An attribute the op may have.
pub const fn opt(name: &'static str, constraint: &'static AttrConstraint) -> AttrSpec {
    AttrSpec {
        name,
        constraint,
        optional: true,
    }
}

pub struct RegionSpec {
    pub name: &'static str,
    /// The region must hold exactly one block (`SizedRegion<1>`).
    pub single_block: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SuccessorSpec {
    Exact(u32),
    Variadic,
}

/// A custom textual format. The parser is handed the op name already
/// consumed and fills an [`OperationState`]; the printer writes everything
/// after the op name (and after `%results = `).
#[derive(Copy, Clone)]
pub struct AsmFormat {
    pub parse: fn(&mut OpAsmParser<'_, '_>, &mut OperationState) -> PResult<()>,
    pub print: fn(&mut OpAsmPrinter<'_>, OpId),
}

/// `asm_format!(NAME, parse_fn, print_fn)` defines `pub const NAME:
/// AsmFormat` from a parser and a printer, for dialects' format tables.
#[macro_export]
macro_rules! asm_format {
    ($name:ident, $parse:ident, $print:ident) => {
        pub const $name: $crate::opdef::AsmFormat = $crate::opdef::AsmFormat {
            parse: $parse,
            print: $print,
        };
    };
}

/// What folding produced for one result.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FoldValue {
    Attr(AttrId),
    Value(ValueId),
}

pub type VerifyFn = fn(&Context, OpId) -> Result<(), Diagnostic>;
/// Checks the symbol references of an op against the symbol tables (see
/// [`OpDef::verify_symbol_uses`]).
pub type VerifySymbolUsesFn =
    fn(&Context, OpId, &mut crate::symbol::SymbolTables) -> Result<(), Diagnostic>;
/// Folds an op given the constant values of its operands (if known). Returns
/// one value per result, or `None` when it does not fold.
pub type FoldFn = fn(&Context, OpId, &[Option<AttrId>]) -> Option<Vec<FoldValue>>;
pub type ResultNamesFn = fn(&Context, OpId, &mut dyn FnMut(ValueId, String));
/// Which operands are forwarded to successor `i` as its block arguments.
pub type SuccessorOperandsFn = fn(&Context, OpId, usize) -> std::ops::Range<usize>;
/// Completes the state of an op about to be created (see [`OpDef::complete_state`]).
pub type CompleteStateFn = fn(&Context, &mut OperationState);

pub struct OpDef {
    pub name: &'static str,
    pub summary: &'static str,
    pub operands: &'static [ValueSpec],
    pub results: &'static [ValueSpec],
    pub attrs: &'static [AttrSpec],
    pub regions: &'static [RegionSpec],
    pub successors: SuccessorSpec,
    pub traits: Traits,
    pub verify: Option<VerifyFn>,
    /// Runs after the op's regions have been verified.
    pub verify_regions: Option<VerifyFn>,
    /// MLIR's `SymbolUserOpInterface::verifySymbolUses`: run by the verifier
    /// after the op's other checks (layers 1-3) passed, with one
    /// [`SymbolTables`](crate::symbol::SymbolTables) cache shared by the
    /// whole verification run.
    pub verify_symbol_uses: Option<VerifySymbolUsesFn>,
    pub format: Option<AsmFormat>,
    pub fold: Option<FoldFn>,
    pub canonicalize: &'static [&'static dyn RewritePattern],
    pub result_names: Option<ResultNamesFn>,
    pub successor_operands: Option<SuccessorOperandsFn>,
    /// Dialect whose prefix may be elided for ops printed in this op's regions.
    pub default_dialect: Option<&'static str>,
    /// Runs on every state just before the op is created, whoever creates it
    /// (generic or custom parser, builder, pattern): fills properties MLIR
    /// gives a default value (`DefaultValuedAttr`) and canonicalises the
    /// spelling of dialect attributes, so that all creation paths agree.
    /// It cannot fail: invalid values are left for the verifier.
    pub complete_state: Option<CompleteStateFn>,
}

impl OpDef {
    /// A definition with every optional part empty; spread it with
    /// `..OpDef::DEFAULT` in `static` definitions.
    pub const DEFAULT: OpDef = OpDef {
        name: "",
        summary: "",
        operands: &[],
        results: &[],
        attrs: &[],
        regions: &[],
        successors: SuccessorSpec::Exact(0),
        traits: Traits::NONE,
        verify: None,
        verify_regions: None,
        verify_symbol_uses: None,
        format: None,
        fold: None,
        canonicalize: &[],
        result_names: None,
        successor_operands: None,
        default_dialect: None,
        complete_state: None,
    };

    pub fn has(&self, t: Traits) -> bool {
        self.traits.contains(t)
    }

    pub fn dialect(&self) -> &'static str {
        self.name.split_once('.').map_or("", |(d, _)| d)
    }

    pub fn is_inherent_attr(&self, name: &str) -> bool {
        self.attrs.iter().any(|a| a.name == name)
            || (self.has(Traits::ATTR_SIZED_OPERAND_SEGMENTS) && name == "operandSegmentSizes")
    }
}

/// Builds a constant op for a folded attribute of a dialect.
pub type MaterializeFn = fn(&mut Rewriter<'_>, AttrId, TypeId, LocId) -> Option<OpId>;

pub struct Dialect {
    pub name: &'static str,
    pub summary: &'static str,
    pub ops: &'static [&'static OpDef],
    pub materialize_constant: Option<MaterializeFn>,
    /// Ops of this dialect that it does not define are accepted under
    /// `--allow-unregistered-dialect` (MLIR's `allowUnknownOperations`, used
    /// by test dialects). A closed dialect rejects them even then.
    pub allows_unknown_ops: bool,
}

/// Checks the body of a dialect type as written in the source (`ptr<global>`
/// for `!device.ptr<global>`) and returns its canonical spelling, under
/// which the type is interned; `Err` is the message of a parse error located
/// at the type. Registered per dialect with
/// [`Context::register_type_parser`](crate::Context::register_type_parser).
pub type TypeParseFn = fn(body: &str) -> Result<String, String>;

/// Registered dialects and ops, immutable once parsing starts.
#[derive(Default, Clone)]
pub struct Registry {
    pub(crate) ops: FxHashMap<&'static str, &'static OpDef>,
    pub(crate) dialects: Vec<&'static Dialect>,
    /// Dialects that check their types' syntax; the types of the others are
    /// kept verbatim as opaque types.
    pub(crate) type_parsers: FxHashMap<&'static str, TypeParseFn>,
}

impl Registry {
    pub fn lookup(&self, name: &str) -> Option<&'static OpDef> {
        self.ops.get(name).copied()
    }
    pub fn dialect(&self, name: &str) -> Option<&'static Dialect> {
        self.dialects.iter().copied().find(|d| d.name == name)
    }
    /// The type parser of dialect `name`, if it registered one.
    pub fn type_parser(&self, name: &str) -> Option<TypeParseFn> {
        self.type_parsers.get(name).copied()
    }

    /// May an op named `name` that no dialect defines exist? Only with
    /// `allow_unregistered`, and never in a closed registered dialect.
    pub fn accepts_unknown_op(&self, name: &str, allow_unregistered: bool) -> bool {
        let dialect = name.split_once('.').map_or("", |d| d.0);
        allow_unregistered && self.dialect(dialect).is_none_or(|d| d.allows_unknown_ops)
    }
    pub fn dialects(&self) -> &[&'static Dialect] {
        &self.dialects
    }
    pub fn ops(&self) -> impl Iterator<Item = &'static OpDef> + '_ {
        self.ops.values().copied()
    }
}

/// Type constraints used by the core dialects.
pub mod constraints {
    use super::*;

    fn is(ctx: &Context, t: TypeId, f: fn(&TypeData) -> bool) -> bool {
        f(ctx.type_data(t))
    }

    pub static ANY: TypeConstraint = TypeConstraint {
        description: "any type",
        check: |_, _| true,
    };
    pub static SIGNLESS_INT: TypeConstraint = TypeConstraint {
        description: "signless integer",
        check: |c, t| is(c, t, TypeData::is_signless_integer),
    };
    pub static SIGNLESS_INT_OR_INDEX: TypeConstraint = TypeConstraint {
        description: "signless integer or index",
        check: |c, t| is(c, t, |d| d.is_signless_integer() || d.is_index()),
    };
    pub static FLOAT: TypeConstraint = TypeConstraint {
        description: "floating-point",
        check: |c, t| is(c, t, TypeData::is_float),
    };
    pub static BOOL: TypeConstraint = TypeConstraint {
        description: "1-bit signless integer",
        check: |c, t| {
            matches!(c.type_data(t), TypeData::Integer { width: 1, .. })
                && is(c, t, TypeData::is_signless_integer)
        },
    };
    pub static INDEX: TypeConstraint = TypeConstraint {
        description: "index",
        check: |c, t| is(c, t, TypeData::is_index),
    };
    pub static INT_INDEX_OR_FLOAT: TypeConstraint = TypeConstraint {
        description: "signless integer, index or floating-point",
        check: |c, t| {
            is(c, t, |d| {
                d.is_signless_integer() || d.is_index() || d.is_float()
            })
        },
    };

    pub static ANY_ATTR: AttrConstraint = AttrConstraint {
        description: "any attribute",
        check: |_, _| true,
    };
    pub static SYMBOL_NAME: AttrConstraint = AttrConstraint {
        description: "string attribute",
        check: |c, a| matches!(c.attr_data(a), AttrData::String(_)),
    };
    pub static STRING: AttrConstraint = AttrConstraint {
        description: "string attribute",
        check: |c, a| matches!(c.attr_data(a), AttrData::String(_)),
    };
    pub static FLAT_SYMBOL_REF: AttrConstraint = AttrConstraint {
        description: "flat symbol reference attribute",
        check: |c, a| matches!(c.attr_data(a), AttrData::SymbolRef { nested, .. } if nested.is_empty()),
    };
    pub static TYPE_ATTR: AttrConstraint = AttrConstraint {
        description: "type attribute",
        check: |c, a| matches!(c.attr_data(a), AttrData::Type(_)),
    };
    pub static FUNCTION_TYPE_ATTR: AttrConstraint = AttrConstraint {
        description: "type attribute of function type",
        check: |c, a| matches!(c.attr_data(a), AttrData::Type(t) if matches!(c.type_data(*t), TypeData::Function{..})),
    };
    pub static INTEGER_ATTR: AttrConstraint = AttrConstraint {
        description: "integer attribute",
        check: |c, a| matches!(c.attr_data(a), AttrData::Integer { .. }),
    };
    pub static ARRAY_ATTR: AttrConstraint = AttrConstraint {
        description: "array attribute",
        check: |c, a| matches!(c.attr_data(a), AttrData::Array(_)),
    };
    pub static DENSE_I32_ARRAY: AttrConstraint = AttrConstraint {
        description: "i32 dense array attribute",
        check: |c, a| matches!(c.attr_data(a), AttrData::DenseArray { elem, .. } if c.type_data(*elem).int_width() == Some(32)),
    };
}
