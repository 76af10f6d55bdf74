//! lockstep's IR core.
//!
//! The [`Context`] owns all IR in arenas addressed by typed `u32` ids
//! ([`OpId`], [`BlockId`], [`RegionId`], [`ValueId`]); types, attributes,
//! strings and locations are interned in a shared [`Uniquer`]. Op kinds are
//! declared once as static [`OpDef`] tables grouped in [`Dialect`]s; the
//! parser, printer, verifier and rewrite machinery are generic over them.
//! All mutation outside this crate goes through [`Rewriter`].

mod entity;

pub mod attrs;
pub mod builtin;
mod builtin_format;
pub mod context;
pub mod diag;
pub mod dominance;
pub mod fold_util;
pub mod fragment;
pub mod ir;
pub mod lexer;
pub mod loc_alias;
pub mod location;
pub mod opdef;
pub mod parser;
pub mod printer;
pub mod rewrite;
pub mod state;
pub mod symbol;
pub mod types;
pub mod uniquer;
pub mod verify;

pub use attrs::{AttrData, AttrId};
pub use context::{Context, InsertPoint};
pub use diag::{Diagnostic, Severity, SourceFile, SourceMgr};
pub use ir::{BlockId, OpId, OpName, RegionId, Use, ValueDef, ValueId};
pub use location::{LocData, LocId};
pub use opdef::{Dialect, OpDef, Traits};
pub use parser::{OpAsmParser, PResult, parse_source, parse_source_at};
pub use printer::{OpAsmPrinter, PrintOptions, print_op};
pub use rewrite::{Listener, RewritePattern, Rewriter};
pub use state::OperationState;
pub use symbol::SymbolTables;
pub use types::{TypeData, TypeId};
pub use uniquer::{Sym, Uniquer};
